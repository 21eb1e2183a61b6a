/**
 * How a post's rendered HTML is drawn in the app: the same classes as the reader's post
 * (screens/newsletter/post-view.tsx), so the preview shows what readers will see.
 */
export const POST_BODY_CLASS = [
  'min-w-0 text-base leading-relaxed break-words text-stone-800',
  '[&_p]:my-3 [&_h1]:mt-6 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-bold',
  '[&_h3]:mt-4 [&_h3]:font-bold [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-scout-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-3',
  '[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_pre]:overflow-x-auto [&_table]:block [&_table]:overflow-x-auto',
  '[&_hr]:my-6 [&_hr]:border-stone-200',
].join(' ');
