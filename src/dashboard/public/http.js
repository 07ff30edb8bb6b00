// One call to the API: JSON in, the answer's data out (the envelope's `data`, or the bare result
// the analytics endpoints send), or an ApiError carrying the API's own code and message.

export class ApiError extends Error {
  constructor({ status, code, message, details, retryAfter }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

export async function callApi(path, { method = 'GET', body, token } = {}) {
  let response;
  try {
    response = await fetch(`/v1${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      // The credential is the bearer token; no cookie is needed or sent.
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'The server could not be reached.' });
  }
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = json && json.error ? json.error : {};
    throw new ApiError({
      status: response.status,
      code: error.code ?? `HTTP_${response.status}`,
      message: error.message ?? `The server answered ${response.status}.`,
      details: error.details,
      retryAfter: Number(response.headers.get('Retry-After')) || undefined,
    });
  }
  return json && json.success === true && 'data' in json ? json.data : json;
}
