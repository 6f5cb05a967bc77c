import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * index.html modulepreloads the app's files: the chunk of `src/boot.tsx`, which the small entry
 * imports dynamically (src/main.tsx), and every chunk it imports statically. Vite preloads only the
 * entry's static imports by itself; without this the app's files would wait for the entry to run.
 */
export function preloadBoot(bootModule = 'src/boot.tsx'): Plugin {
  return {
    name: 'portal:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.facadeModuleId?.endsWith(bootModule));
        if (!boot) throw new Error(`preload-boot: no chunk for ${bootModule}`);
        const already = new Set(ctx.chunk ? [ctx.chunk.fileName, ...ctx.chunk.imports] : []);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (already.has(fileName)) return;
          already.add(fileName);
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const f of chunk.imports) visit(f);
        };
        visit(boot.fileName);
        return files.map(
          (f): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
