/**
 * The renderer (render.ts) with its libraries, markdown-it and sanitize-html (with the CSS and
 * HTML parsers it brings), loaded when a post is first rendered rather than at start: a server
 * that shows no newsletter keeps its idle memory (README, Performance).
 */
type Renderer = typeof import('./render.ts');

let loading: Promise<Renderer> | undefined;

export const loadRenderer = (): Promise<Renderer> => (loading ??= import('./render.ts'));
