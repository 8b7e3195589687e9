// Every path no other route claims: the 404 page, with HTTP status 404.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";

export const meta: MetaFunction = () => [{ title: "Page Not Found – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage error={useRouteError()} />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
