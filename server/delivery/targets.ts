import type { ServerConfig } from '../config.ts';
import { createPersonEmailPolicy, type PersonEmailPolicy } from './acknowledgement.ts';
import { createEmailTarget } from './email.ts';
import { createPersonEmailTargets } from './person-email.ts';
import type { DeliveryTarget } from './target.ts';
import type { CvStore } from '../cv/cv-store.ts';
import { createWebhookTarget } from './webhook.ts';

/** The targets every lead is queued for, as the configuration names them: one per webhook URL, and the team's email when SMTP is set. */
export function targetsFromConfig(config: ServerConfig, cvs?: Pick<CvStore, 'ofLead'>): DeliveryTarget[] {
  const targets: DeliveryTarget[] = config.webhookUrls.map((url) => createWebhookTarget(url, config.webhookSecret!));
  if (config.email) targets.push(createEmailTarget(config.email, cvs));
  return targets;
}

/** The targets that write to the person who sent a form (queued per lead by the store), when SMTP is set. */
export function personTargetsFromConfig(config: ServerConfig): DeliveryTarget[] {
  if (!config.email || !config.personEmail) return [];
  return createPersonEmailTargets({ smtpUrl: config.email.smtpUrl, ...config.personEmail }, config.personEmail.acknowledge);
}

/** What a store needs to queue emails to people; undefined when the service sends no email. `secret`: the service's key (the proof-of-work key). */
export function personEmailPolicy(config: ServerConfig, secret: string): PersonEmailPolicy | undefined {
  return config.personEmail ? createPersonEmailPolicy(secret, config.personEmail.acknowledge, config.personEmail.limits) : undefined;
}
