import type spoken from '../../strings/speech.en.json';
import { isTouch, type PanelModel } from '../session/models';

type PromptOf<Key> = Key extends `speech.button.${string}` ? never : Key extends `speech.${infer Name}` ? Name : never;
/** A spoken string of the catalogue (src/strings/speech.<language>.json, not in the kiosk's bundle: only its clips are). */
type PromptName = PromptOf<keyof typeof spoken>;

/** The prompts that name a button ({back} or {go}): recorded once per button model (prompts.test.ts checks this list). */
export const NAMES_A_BUTTON: readonly PromptName[] = ['homeQr', 'homeManager', 'cancel', 'hangUp', 'messageOffer', 'messageRecording', 'messageManager', 'deliverySend', 'deliveryClip'];

/**
 * The clip of a `speech.*` string (scripts/make-speech.mjs names them): one
 * per button model when the prompt names a button; TOUCH, which has none, gets none of those.
 */
export function clip(name: PromptName, model: PanelModel): string | null {
  if (!NAMES_A_BUTTON.includes(name)) return name;
  return isTouch(model) ? null : `${name}-${model}`;
}

/** What home offers (its links). */
type Offered = Record<'enterCode' | 'scanQr' | 'directory' | 'callManager' | 'delivery', boolean>;

const clips = (model: PanelModel, names: Array<PromptName | false>): string[] =>
  names.flatMap((name) => (name ? (clip(name, model) ?? []) : []));

/** What each screen says when it shows (the visible strings name people and places; the prompts cannot). */
export const prompts = {
  home: (model: PanelModel, links: Offered) =>
    isTouch(model)
      ? clips(model, ['welcome', 'homeTouch', links.delivery && 'homeTouchDelivery'])
      : clips(model, [
          'welcome',
          links.enterCode && 'homeCode',
          links.scanQr && 'homeQr',
          // DOWN opens the Delivery link where it shows (homeKeyTarget).
          links.directory && (links.delivery ? 'homeDirectoryUp' : 'homeDirectory'),
          links.callManager && 'homeManager',
          links.delivery && 'homeDelivery',
        ]),
  enterCode: (model: PanelModel) => clips(model, ['enterCode', 'cancel']),
  /** The directory; 'Delivery.' first when it picks whom a delivery is for. */
  directory: (model: PanelModel, delivery = false) => clips(model, [delivery && 'delivery', isTouch(model) ? 'directoryTouch' : 'directory', 'cancel']),
  /** TOUCH's name search, when its keyboard opens. */
  directorySearch: (model: PanelModel) => clips(model, ['directorySearch']),
  scanQr: (model: PanelModel) => clips(model, ['scanQr', 'cancel']),
  calling: (model: PanelModel) => clips(model, ['calling', 'hangUp']),
  /** A call's stages as they come (docs/rules.md#r2-7-7), the way out again while it rings. */
  ringingApp: (model: PanelModel) => clips(model, ['ringingApp', 'hangUp']),
  ringingPhone: (model: PanelModel) => clips(model, ['ringingPhone', 'hangUp']),
  connected: (model: PanelModel) => clips(model, ['connected']),
  granted: (model: PanelModel) => clips(model, ['granted']),
  refused: (model: PanelModel) => clips(model, ['refused']),
  gateFailed: (model: PanelModel) => clips(model, ['gateFailed']),
  /** A delivery nobody answered: the offer of a message, then of a clip (recorded as a message is), then that the resident was told. */
  deliveryOffer: (model: PanelModel) => clips(model, ['deliveryOffer', isTouch(model) ? 'deliverySendTouch' : 'deliverySend', 'cancel']),
  /** The picture taken: a clip may be added, or the picture sent alone. */
  deliveryClip: (model: PanelModel) => clips(model, [isTouch(model) ? 'deliveryClipTouch' : 'deliveryClip']),
  deliveryTold: (model: PanelModel) => clips(model, ['deliveryTold']),
  /** The message after a call nobody answered (docs/rules.md#r8-1-18): the offer, the take, and what follows it. */
  messageOffer: (model: PanelModel) => clips(model, isTouch(model) ? ['messageOfferTouch'] : ['messageOffer', 'cancel']),
  messageRecording: (model: PanelModel) => clips(model, [isTouch(model) ? 'messageRecordingTouch' : 'messageRecording']),
  messageSent: (model: PanelModel, manager: boolean) => clips(model, ['messageSent', manager && 'messageManager']),
};
