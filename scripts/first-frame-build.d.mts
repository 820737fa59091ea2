// Types of first-frame-build.mjs, for vite.config.ts.
import type { Plugin } from 'vite';

export function firstFrame(options: { settings: (env: Record<string, string | boolean | undefined>) => { language: string } }): Plugin;
export function compileFirstFrame(settings: { language: string }): Promise<string>;
