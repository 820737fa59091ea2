export function standInCamera(frame: { width: number; height: number; luma: string }): void;
