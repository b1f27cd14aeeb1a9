// How a clinic checks that a request came from the shop, in the three languages clinics' teams
// ask for most. Each sample follows the Standard Webhooks specification the shop signs by, so a
// team may use that specification's library instead.

const samples: { language: string; code: string }[] = [
  {
    language: 'Node.js',
    code: `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the whsec_… shown when you added the endpoint
// body: the request body exactly as received, before any JSON parsing
export function isFromBase(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`,
  },
  {
    language: 'Python',
    code: `import base64, hashlib, hmac, time

# secret: the whsec_… shown when you added the endpoint
# body: the request body exactly as received (bytes), before any JSON parsing
def is_from_base(secret: str, headers, body: bytes) -> bool:
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in headers["webhook-signature"].split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False`,
  },
  {
    language: 'Go',
    code: `// secret: the whsec_… shown when you added the endpoint
// body: the request body exactly as received, before any JSON parsing
func IsFromBase(secret string, header http.Header, body []byte) bool {
	id := header.Get("webhook-id")
	timestamp := header.Get("webhook-timestamp")
	sent, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || math.Abs(float64(time.Now().Unix()-sent)) > 300 {
		return false
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	expected := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	for _, entry := range strings.Split(header.Get("webhook-signature"), " ") {
		version, signature, _ := strings.Cut(entry, ",")
		if version == "v1" && hmac.Equal([]byte(signature), []byte(expected)) {
			return true
		}
	}
	return false
}`,
  },
];

/** The webhooks page's guide to checking a request's signature. */
export function WebhookVerification() {
  return (
    <section aria-labelledby="verify-heading" className="mt-12">
      <h2 id="verify-heading" className="text-2xl font-bold">
        Check that a request came from us
      </h2>
      <p className="mt-3 text-sm">
        Every request follows the Standard Webhooks specification: the headers <code>webhook-id</code>, <code>webhook-timestamp</code> (Unix
        seconds) and <code>webhook-signature</code>, which holds <code>v1,</code> and the base64 HMAC-SHA256 of{' '}
        <code>id.timestamp.body</code> under your secret&apos;s key (the base64 after <code>whsec_</code>, decoded). A Standard Webhooks
        library verifies it with your secret as it is. Refuse a request older than five minutes, and keep the ids you have handled: a
        delivery sent again carries the same id.
      </p>
      {samples.map((sample) => (
        <details key={sample.language} className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
          <summary className="cursor-pointer font-semibold">{sample.language}</summary>
          <pre className="mt-3 overflow-x-auto rounded bg-slate-50 p-3 text-xs">
            <code>{sample.code}</code>
          </pre>
        </details>
      ))}
    </section>
  );
}
