// Types of boot-guard-build.mjs, for vite.config.ts.
import type { Plugin } from 'vite';

export interface BootGuardSettings {
  apiUrl: string;
  language: string;
}

export function compileBootGuard(settings: BootGuardSettings, reportScript: string): Promise<string>;
export function compileBootReport(settings: BootGuardSettings): Promise<string>;
export function bootGuard(options: { settings: (env: Record<string, string | boolean | undefined>) => BootGuardSettings }): Plugin;
export function compileScript(entry: string, define: Record<string, string>): Promise<string>;
export function contentHash(code: string): Promise<string>;
