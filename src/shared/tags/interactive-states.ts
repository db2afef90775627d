import { PRODUCT_NAME } from "../product";
import type { TagContent } from "./types";

/** Layer types a button, and so each of its state looks, can be made from. */
const BUTTON_LAYERS = ["frame", "group", "component", "instance", "vector", "image", "text"] as const;

const SAME_BASE_NAME_NOTE =
  "The base name must match the _button exactly, capitals and spaces included: Play_button pairs with Play_hover and Play_clicked, never with play_hover or PlayBtn_hover.";

/** Interactive States: buttons and their looks. Order = the documentation index. */
export const INTERACTIVE_STATES_TAGS: readonly TagContent[] = [
  {
    slug: "button",
    token: "_button",
    kind: "suffix",
    title: "Button Tag",
    summary: "Make a layer clickable: an ImageButton, or a TextButton for text.",
    becomes: "An ImageButton (frames, groups, vectors, images) or a TextButton (text layers)",
    appliesTo: BUTTON_LAYERS,
    overview: [
      "Add _button to anything the player should click or tap. Frames, groups, vectors and images become an ImageButton that looks exactly like your design; a text layer becomes a TextButton that keeps its font, size and colour.",
      "The _button layer is the button's default look. Give it more looks with layers next to it that share its base name: Play_hover for mouse over, Play_clicked for the press, Play_disabled for inactive, Play_toggled for switched on.",
      "In your scripts, listen to the button's Activated event; it fires for mouse, touch and gamepad alike.",
    ],
    howToUse: [
      "Design the button in its default look, with its background, label and icon grouped together.",
      "Add _button to the end of the group's name: Play_button. The part before the tag, Play, is the base name.",
      "Optionally add state layers beside it with the same base name: Play_hover, Play_clicked, Play_disabled, Play_toggled.",
      "Import, then connect a script: playButton.Activated:Connect(startGame).",
    ],
    bestPractices: [
      "Tag the whole button group rather than only its label, so the whole shape is clickable.",
      "Chain _lock for buttons drawn as artwork so they keep their shape: Play_button_lock.",
      "Use the # prefix for buttons that repeat, like the cross on every window: #Close_button.",
      "Make buttons big enough for a thumb; many players are on phones.",
    ],
    importantNotes: [
      "Frames, groups, vectors and images become an ImageButton; text layers become a TextButton.",
      SAME_BASE_NAME_NOTE,
      "States live on their own layers. Never put _hover, _clicked, _disabled or _toggled on the _button layer itself.",
    ],
    example: {
      caption: "A shop screen with image buttons, a text button and a buy button with its states.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "Header", depth: 1 },
        { name: "#Close_button", depth: 2, note: "ImageButton" },
        { name: "SwordCard", depth: 1 },
        { name: "SwordArt", depth: 2 },
        { name: "Buy_button", depth: 2, note: "default look" },
        { name: "Buy_hover", depth: 2, note: "mouse over" },
        { name: "Buy_clicked", depth: 2, note: "while pressed" },
        { name: "Footer", depth: 1 },
        { name: "RestorePurchases_button", depth: 2, note: "a text layer, so a TextButton" },
      ],
    },
    pitfalls: [
      "Tagging only the text of a styled button: just the letters respond, not the background.",
      "Naming the states with another base (BuyBtn_hover next to Buy_button): they are not linked to the button.",
      "Putting a _button inside an _image group: it is flattened into the picture.",
    ],
  },
  {
    slug: "hover",
    token: "_hover",
    kind: "suffix",
    title: "Button Hover State Tag",
    summary: "The look a button shows while the mouse is over it.",
    becomes: "The mouse-over look of the _button with the same base name",
    appliesTo: BUTTON_LAYERS,
    overview: [
      `_hover defines what a button looks like while the mouse pointer is over it. Draw that look as its own layer, name it with the button's base name and _hover, and ${PRODUCT_NAME} links it to the button.`,
      "A hover look tells players on a computer that something is clickable before they click: a lighter fill, a glow or a slightly larger icon.",
    ],
    howToUse: [
      "Start from a working button, for example Play_button.",
      "Duplicate it and change the copy into the mouse-over look.",
      "Rename the copy to the same base name with _hover: Play_hover.",
      "Keep it beside the button, at the same level, size and position.",
      "Import. Moving the mouse over the button shows the hover look; moving away brings back the default.",
    ],
    bestPractices: [
      "Keep the change subtle and the layout identical, so the button doesn't appear to jump.",
      "Use the same size as the button; a larger hover look covers its neighbours.",
      "Add a _clicked look as well, so a press feels different from a hover.",
    ],
    importantNotes: [
      SAME_BASE_NAME_NOTE,
      "Touch screens have no hover. Phone and tablet players never see this look, so nothing important may depend on it.",
    ],
    example: {
      caption: "A main menu where each button lights up under the mouse.",
      layers: [
        { name: "MainMenu", depth: 0 },
        { name: "Buttons", depth: 1 },
        { name: "Play_button", depth: 2 },
        { name: "Play_hover", depth: 2, note: "lighter fill under the mouse" },
        { name: "Shop_button", depth: 2 },
        { name: "Shop_hover", depth: 2 },
      ],
    },
    pitfalls: [
      "Play_Hover or play_hover next to Play_button: tags are lower-case and the base must match exactly.",
      "Putting the hover layer inside the button group instead of beside it.",
      "Writing Play_button_hover: a state tag goes on its own layer, not on the button.",
    ],
  },
  {
    slug: "clicked",
    token: "_clicked",
    kind: "suffix",
    title: "Button Clicked State Tag",
    summary: "The look a button shows while it is being pressed.",
    becomes: "The pressed look of the _button with the same base name",
    appliesTo: BUTTON_LAYERS,
    overview: [
      `_clicked defines what a button looks like during an active press in the game, while the mouse button or the finger is down on it. Draw that look as its own layer, name it with the button's base name and _clicked, and ${PRODUCT_NAME} links it to the button.`,
      "A pressed look is the quickest feedback a player gets: a darker fill, a pushed-in shadow or a slight shrink says the tap registered, on every device.",
    ],
    howToUse: [
      "Start from a working button, for example Play_button.",
      "Duplicate it and change the copy into the pressed look.",
      "Rename the copy to the same base name with _clicked: Play_clicked.",
      "Keep it beside the button, at the same level, size and position.",
      "Import. Pressing the button shows the clicked look; releasing it brings back the previous look.",
    ],
    bestPractices: [
      "Make the press visible at a glance: darken the fill or drop the shadow rather than changing a detail.",
      "Keep the outline and size of the default look so the button doesn't jump under the finger.",
      "Pair it with _hover for computer players; phone players see only the default and clicked looks.",
    ],
    importantNotes: [
      SAME_BASE_NAME_NOTE,
      "The clicked look shows only while the press lasts. For a look that stays after the press, such as a selected tab, use _toggled.",
    ],
    example: {
      caption: "A buy button in a shop card with a hover and a pressed look.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "SwordCard", depth: 1 },
        { name: "SwordArt", depth: 2 },
        { name: "Buy_button", depth: 2 },
        { name: "Buy_hover", depth: 2 },
        { name: "Buy_clicked", depth: 2, note: "darker fill while pressed" },
      ],
    },
    pitfalls: [
      "A base name that differs only in capitals or spaces (buy_clicked, Buy _clicked): the state is not linked.",
      "Nesting the clicked layer inside the button instead of placing it beside it.",
      "Using _clicked for a look that should stay on; that is _toggled.",
    ],
  },
  {
    slug: "disabled",
    token: "_disabled",
    kind: "suffix",
    title: "Button Disabled State Tag",
    summary: "The look a button shows while it is inactive.",
    becomes: "The inactive look of the _button with the same base name",
    appliesTo: BUTTON_LAYERS,
    overview: [
      `_disabled defines what a button looks like when it can't be used: a Buy button the player can't afford, a Claim button before the reward is ready. Draw that look as its own layer with the button's base name and _disabled, and ${PRODUCT_NAME} links it to the button.`,
      "Whether a button is inactive depends on the game, so your script decides when to show this look, for example when the player's coins drop below the price.",
    ],
    howToUse: [
      "Start from a working button, for example Buy_button.",
      "Duplicate it and change the copy into the inactive look: greyed out, lower contrast, perhaps a lock icon.",
      "Rename the copy to the same base name with _disabled: Buy_disabled.",
      "Keep it beside the button, at the same level, size and position.",
      "Import, then switch the button to its disabled look from your script whenever the action isn't available.",
    ],
    bestPractices: [
      "Make it obviously inactive: desaturate it and lower the contrast instead of hiding the button, so players know the action exists.",
      "Show why it is disabled nearby, such as the missing amount of coins.",
      "Keep size and position identical to the default look.",
    ],
    importantNotes: [
      SAME_BASE_NAME_NOTE,
      "While the button is disabled your game should also ignore its presses; the look alone doesn't stop the click.",
    ],
    example: {
      caption: "A shop card whose buy button greys out when the player can't afford the item.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "DragonCard", depth: 1 },
        { name: "DragonArt", depth: 2 },
        { name: "Price", depth: 2 },
        { name: "Buy_button", depth: 2 },
        { name: "Buy_disabled", depth: 2, note: "greyed out while coins < price" },
      ],
    },
    pitfalls: [
      "A state layer whose base name differs from the button's: it is not linked.",
      "Relying on the grey look to block purchases; check the condition in the script too.",
    ],
  },
  {
    slug: "toggled",
    token: "_toggled",
    kind: "suffix",
    title: "Button Toggled State Tag",
    summary: "The look a button shows while it is switched on.",
    becomes: "The toggled-on look of the _button with the same base name",
    appliesTo: BUTTON_LAYERS,
    overview: [
      `_toggled defines the switched-on look of a button that stays on after it is pressed: a music switch, a favourite star, the selected tab of a shop. Draw that look as its own layer with the button's base name and _toggled, and ${PRODUCT_NAME} links it to the button.`,
      "The _button layer is the off look and the _toggled layer the on look. Your script keeps track of the setting and shows the matching look.",
    ],
    howToUse: [
      "Start from a working button in its off look, for example Music_button.",
      "Duplicate it and change the copy into the on look.",
      "Rename the copy to the same base name with _toggled: Music_toggled.",
      "Keep it beside the button, at the same level, size and position.",
      "Import, then switch between the two looks from your script when the player flips the setting.",
    ],
    bestPractices: [
      "Make on and off differ in more than colour, for example a filled versus an outlined star, so colour-blind players can tell them apart.",
      "For tabs, give every tab its own _button and _toggled pair, and keep exactly one tab toggled at a time.",
      "Save the setting with the player's data so the right look shows when they come back.",
    ],
    importantNotes: [SAME_BASE_NAME_NOTE, "_toggled is a lasting state; the brief look during a press is _clicked."],
    example: {
      caption: "Shop tabs where the selected tab shows its toggled-on look.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "Tabs", depth: 1 },
        { name: "Weapons_button", depth: 2 },
        { name: "Weapons_toggled", depth: 2, note: "selected tab" },
        { name: "Pets_button", depth: 2 },
        { name: "Pets_toggled", depth: 2 },
        { name: "ItemList_scroll", depth: 1 },
      ],
    },
    pitfalls: [
      "Using _toggled for a press animation; that is _clicked.",
      "Naming the on look Music_on or Music_active: neither is a tag. Use Music_toggled.",
    ],
  },
];
