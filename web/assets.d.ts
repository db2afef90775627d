/** Files the bundler turns into URLs of hashed assets. */
declare module "*.woff2" {
  const url: string;
  export default url;
}

declare module "*.css" {
  const text: string;
  export default text;
}

/** The server imports the link-preview picture `with { type: "file" }`: a path to read it from. */
declare module "*.png" {
  const path: string;
  export default path;
}
