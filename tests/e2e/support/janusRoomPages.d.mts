export const RESIDENT_SDK: string;
export const RESIDENT_HTML: string;
export function joinToken(simUrl: string, room: string): Promise<string>;
export function installResident(sdkUrl: string): Promise<void>;
export function remotePlaying(element: HTMLVideoElement): Promise<{ audio: boolean; video: boolean; playing: boolean; frames: boolean; width: number }>;
export function mediaPeers(): Promise<string[]>;
