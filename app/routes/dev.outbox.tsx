// /dev/outbox: the mails the outbox adapter stored (MAIL_MODE=outbox on a local or test instance,
// from this machine or for admins; 404 otherwise — app/.server/app-worker/dev-outbox.ts).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/.server/db/client";
import { listOutbox } from "~/.server/mail/outbox";
import { mayReadOutbox, outboxConfigured } from "~/.server/app-worker/dev-outbox";
import { formatDateTime } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Postausgang (Entwicklung) – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!outboxConfigured(context.config)) throw new Response("Not Found", { status: 404 });
  // Sign-in links are in here: only for a client on this machine, or for admins.
  if (!mayReadOutbox(request, context.config) && (await context.currentUser()).user?.role !== "admin")
    throw new Response("Not Found", { status: 404 });
  const mails = await listOutbox(getDb(context.cloudflare.env.DB));
  return { mails: mails.map(({ id, to, subject, text, kind, createdAt }) => ({ id, to, subject, text, kind, createdAt })) };
}

const LINK = /(https?:\/\/[^\s]+)/g;

export default function Outbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-extrabold">Postausgang</h1>
      <p className="mt-1 text-slate-600">Gespeicherte E-Mails dieser lokalen Umgebung (MAIL_MODE=outbox), neueste zuerst.</p>
      {mails.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-slate-700">Noch keine E-Mails.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="outbox-mail">
              <p className="text-sm text-slate-600">
                An <strong className="text-slate-900">{mail.to}</strong> · {formatDateTime(mail.createdAt)} · {mail.kind}
              </p>
              <h2 className="mt-1 font-semibold">{mail.subject}</h2>
              <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">
                {mail.text.split(LINK).map((part, index) =>
                  index % 2 === 1 ? (
                    <a key={index} href={part} className="text-primary-700 underline">
                      {part}
                    </a>
                  ) : (
                    part
                  ),
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
