import { parseModel, type PanelModel } from './models';

export interface LaunchParams {
  token: string | null;
  model: PanelModel | null;
  /** A model was named but is not one we know: it falls back to DEFAULT. */
  unknownModel: boolean;
}

/** Reads `token` and `model` from the kiosk's query string; garbage gives nulls. */
export function readLaunchParams(search: string): LaunchParams {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim() || null;
  const rawModel = params.get('model');
  const model = parseModel(rawModel);
  return { token, model, unknownModel: rawModel !== null && model === null };
}

/** The panel's model once the query string is read: it wins over the stored one; a model it names but nobody knows is DEFAULT. */
export function launchModel(launch: LaunchParams, stored: PanelModel): PanelModel {
  return launch.model ?? (launch.unknownModel ? 'DEFAULT' : stored);
}
