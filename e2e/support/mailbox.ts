import { expect, type APIRequestContext } from '@playwright/test';
import { mailApiURL } from './mail-peer.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every mail the SMTP peer received for an address, oldest first. */
export async function mailsTo(
  request: APIRequestContext,
  address: string,
): Promise<ReceivedMail[]> {
  const res = await request.get(`${mailApiURL}/messages`, { params: { to: address } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as ReceivedMail[];
}

/** Waits until `count` mails reached the address; answers the one link the last of them carries. */
export async function linkInMail(
  request: APIRequestContext,
  address: string,
  count: number,
): Promise<string> {
  await expect.poll(async () => (await mailsTo(request, address)).length).toBe(count);
  const mail = (await mailsTo(request, address))[count - 1];
  const links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return links[0] ?? '';
}
