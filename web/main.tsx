/**
 * The app's entry. React DOM and the app come as two chunks, fetched together and evaluated in
 * separate tasks: evaluated as one script they were a page load's longest task on a phone, during
 * which the page could not respond.
 */
const [reactDomClient, { mount }] = await Promise.all([import("react-dom/client"), import("./mount")]);
mount(reactDomClient);
