/** The shipped legal templates, imported `with { type: "text" }`: their text, embedded in the executable. */
declare module "*.md" {
  const text: string;
  export default text;
}
