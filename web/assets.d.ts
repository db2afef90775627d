/** Files the bundler turns into URLs of hashed assets. */
declare module "*.woff2" {
  const url: string;
  export default url;
}

declare module "*.css" {
  const text: string;
  export default text;
}
