import { PRODUCT_NAME } from "../product";
import type { TagContent } from "./types";

/** Advanced Components: text input, 3D previews, group effects. Order = the documentation index. */
export const ADVANCED_COMPONENTS_TAGS: readonly TagContent[] = [
  {
    slug: "box",
    token: "_box",
    kind: "suffix",
    title: "Text Input Tag",
    summary: "Turn a text layer into a TextBox the player can type into.",
    becomes: "A TextBox (text input) made from the text layer",
    appliesTo: ["text"],
    overview: [
      `Search bars, redeem-code fields, pet names and trade notes need the player to type. Add _box to a text layer and ${PRODUCT_NAME} creates a TextBox in its place, with the layer's font, size, colour and alignment.`,
      "The field's background stays a separate layer behind the text, so you can style it however you like.",
    ],
    howToUse: [
      "Draw the field: a background shape, and a text layer on top of it as wide as the field.",
      "Write the hint players should see before typing as the layer's text, for example Enter code.",
      "Add _box to the end of the text layer's name: CodeInput_box.",
      "Import, then read what the player typed in a script, for example when they press Enter: codeInput.FocusLost:Connect(function(enterPressed) ... end).",
    ],
    bestPractices: [
      "Make the text layer fill the field; only the TextBox itself can be clicked to start typing.",
      "Use a hint that says what to type (Search pets…, Enter code) rather than a label like Input.",
      "Pair the field with a submit button (Redeem_button) for players who don't press Enter.",
    ],
    importantNotes: [
      "_box works on text layers only. Tag the text inside the field, not the field's frame.",
      "Check what players type on the server before using it; anything shown to other players must go through Roblox's text filtering.",
    ],
    example: {
      caption: "A redeem-code panel in a shop with a text input and a submit button.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "RedeemPanel", depth: 1 },
        { name: "FieldBg", depth: 2, note: "the field's background" },
        { name: "CodeInput_box", depth: 2, note: "text layer → TextBox" },
        { name: "Redeem_button", depth: 2 },
      ],
    },
    pitfalls: [
      "Tagging the field's frame instead of its text layer.",
      "A text layer that only covers the hint's width: clicks on the rest of the field do nothing.",
    ],
  },
  {
    slug: "vpf",
    token: "_vpf",
    kind: "suffix",
    title: "Viewport Frame Tag",
    summary: "Reserve a spot in the UI where a 3D model is shown.",
    becomes: "A ViewportFrame placeholder for a 3D model",
    appliesTo: ["frame", "group", "component", "instance", "vector", "image"],
    overview: [
      `A ViewportFrame shows 3D objects inside 2D UI: a spinning pet in the shop, a weapon preview, the player's character on a profile card. Add _vpf to the layer that marks where the model goes and ${PRODUCT_NAME} creates a ViewportFrame with that position and size.`,
      "The ViewportFrame is a placeholder: what you drew inside the layer only shows the layout in the design, and in the game it displays whatever model your script puts in it.",
    ],
    howToUse: [
      "Draw a frame or shape where the model should appear, sized to the space it should fill.",
      "Add _vpf to the end of its name: PetPreview_vpf.",
      "Import. An empty ViewportFrame takes the layer's place.",
      "In a LocalScript, clone the model into the ViewportFrame, create a Camera, parent it to the ViewportFrame and set the frame's CurrentCamera to it, pointed at the model.",
    ],
    bestPractices: [
      "Give the placeholder the shape of the model's silhouette (square for pets, tall for characters) so it frames the model well.",
      "Lock its proportions with _lock (PetPreview_vpf_lock) so the model isn't squashed on wide screens.",
      "Put an animated model inside a WorldModel within the ViewportFrame.",
    ],
    importantNotes: [
      "A ViewportFrame uses its own simple lighting (Ambient, LightColor, LightDirection) and doesn't draw effects such as particles.",
      "Every ViewportFrame renders its own scene; keep a handful on screen, not one per row of a long list.",
    ],
    example: {
      caption: "A pet shop card with a 3D preview of the pet.",
      layers: [
        { name: "PetShopScreen", depth: 0 },
        { name: "PetCard", depth: 1 },
        { name: "PetPreview_vpf_lock", depth: 2, note: "ViewportFrame, square on every device" },
        { name: "PetName", depth: 2 },
        { name: "Adopt_button", depth: 2 },
      ],
    },
    pitfalls: [
      "Expecting the drawing inside the placeholder to appear in the game; the ViewportFrame shows only what a script adds.",
      "Forgetting the Camera: without a CurrentCamera the ViewportFrame stays empty.",
    ],
  },
  {
    slug: "canvas",
    token: "_canvas",
    kind: "suffix",
    title: "Canvas Group Tag",
    summary: "Group layers so they fade, tint and clip together.",
    becomes: "A CanvasGroup (group transparency and effects)",
    appliesTo: ["frame", "group", "component", "instance"],
    overview: [
      `Add _canvas to a frame or group and ${PRODUCT_NAME} creates a CanvasGroup. Roblox draws everything inside it as one picture first and then applies the group's effects to the whole: GroupTransparency fades the panel as one piece and GroupColor3 tints all of it.`,
      "Without a CanvasGroup, fading a panel means fading every child separately, and overlapping children show through each other halfway. With one, the panel fades cleanly, and rounded corners on the group clip its children too.",
    ],
    howToUse: [
      "Select the frame or group that should fade or tint as one, for example a pop-up panel.",
      "Add _canvas to the end of its name: RewardPopup_canvas.",
      "Import, then tween GroupTransparency from 1 to 0 to fade the panel in.",
    ],
    bestPractices: [
      "Use it for panels that fade in and out, for pop-ups and for cards with rounded corners that must clip their images.",
      "Tag the outermost panel that fades, not each child.",
      "Keep it for the panels that need it: each one renders to its own texture.",
    ],
    importantNotes: [
      "CanvasGroups cost graphics memory in proportion to their size on screen; a few are fine, dozens are not.",
      "The contents are drawn at the group's resolution, so very small text inside can look a little softer than outside.",
    ],
    example: {
      caption: "A reward pop-up that fades in as one piece over the shop.",
      layers: [
        { name: "ShopScreen", depth: 0 },
        { name: "ItemList_scroll", depth: 1 },
        { name: "RewardPopup_canvas", depth: 1, note: "fades in with GroupTransparency" },
        { name: "PopupBg", depth: 2 },
        { name: "RewardArt", depth: 2 },
        { name: "Claim_button", depth: 2 },
      ],
    },
    pitfalls: [
      "Tagging every card of a long list: the memory cost adds up fast.",
      "Fading children one by one inside a CanvasGroup instead of using GroupTransparency.",
    ],
  },
];
