import type { ServerConfig } from '../../config.ts';
import { createEmailTarget } from './email.ts';
import type { DeliveryTarget } from './target.ts';
import { createWebhookTarget } from './webhook.ts';

/** The targets the configuration names: one per webhook URL, and email when SMTP is set. */
export function targetsFromConfig(config: ServerConfig): DeliveryTarget[] {
  const targets: DeliveryTarget[] = config.webhookUrls.map((url) => createWebhookTarget(url, config.webhookSecret!));
  if (config.email) targets.push(createEmailTarget(config.email));
  return targets;
}
