/** Imported `with { type: "file" }`: the file's path, embedded in the executable by `bun build --compile`. */
declare module "*/standalone.js" {
  const path: string;
  export default path;
}
