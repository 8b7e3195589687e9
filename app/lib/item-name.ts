// The longest item name a seller may give (the create form, the API and the landing page's draft).
// Its own module without zod, so the landing page can use it and stay light (ADR 018).
export const ITEM_NAME_MAX = 100;
