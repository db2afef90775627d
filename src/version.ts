/** The release this program is: package.json's version, built into the executable. */
import { version } from "../package.json";

export const VERSION: string = version;
