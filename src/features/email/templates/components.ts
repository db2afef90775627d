/**
 * The react-email components the templates use, each from its own package. The
 * `@react-email/components` barrel loads every component, Tailwind's compiler, a syntax highlighter and
 * a markdown parser among them: about 20 MB more memory from the first e-mail on when the server runs
 * from source (the compiled build drops what isn't used either way).
 */
export { Body } from "@react-email/body";
export { Button } from "@react-email/button";
export { Container } from "@react-email/container";
export { Head } from "@react-email/head";
export { Hr } from "@react-email/hr";
export { Html } from "@react-email/html";
export { Link } from "@react-email/link";
export { Preview } from "@react-email/preview";
export { Section } from "@react-email/section";
export { Text } from "@react-email/text";
