/**
 * The app's entry. React DOM and the app come as two chunks, fetched together and evaluated in
 * separate tasks: evaluated as one script they were a page load's longest task on a phone, during
 * which the page could not respond. Mounting waits for a task of its own too, for the same reason:
 * after the later chunk's evaluation, reading the page's data and starting hydration made one long task.
 */
const [reactDomClient, { mount }] = await Promise.all([import("react-dom/client"), import("./mount")]);
await new Promise((next) => setTimeout(next, 0));
mount(reactDomClient);
