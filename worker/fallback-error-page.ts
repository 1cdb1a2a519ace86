/**
 * The last-resort answer when even React Router could not render its error screen: the spec's
 * "Service is temporarily unavailable" text in the three languages, no scripts.
 */
export function fallbackErrorPage(status: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Service is temporarily unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<p>${status} error</p>
<h1>Service is temporarily unavailable</h1>
<p>We already know about the problem and are working on it, everything will work soon:)</p>
<p lang="ru">Сервис временно недоступен</p>
<p lang="sr">Servis je privremeno nedostupan</p>
</body></html>`;
}
