"""A provider we control, for the refusals the real one never makes: it signs whatever ID
token a test asks for (authlib's joserfc), so a test can send a wrong audience, an expired
token, a bad signature or a wrong nonce, or name another issuer in its discovery document."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from joserfc import jwt
from joserfc.jwk import RSAKey

KEY = RSAKey.generate_key(2048, parameters={"kid": "stub-1", "use": "sig", "alg": "RS256"})
OTHER_KEY = RSAKey.generate_key(2048, parameters={"kid": "stub-1", "use": "sig", "alg": "RS256"})


class StubProvider:
    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.issuer = f"http://127.0.0.1:{self.server.server_port}"
        self.claimed_issuer = self.issuer  # what discovery says; change for "unknown issuer"
        self.discovery_changes = {}  # fields of the discovery document to replace (None: drop)
        self.id_token = lambda nonce: self.sign({"sub": "stub-pupil"}, nonce)
        self.nonce = None  # the last authorization request's, set by the test
        self.token_requests = 0
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def sign(self, claims: dict, nonce: str | None, *, key=KEY, **overrides) -> str:
        now = int(time.time())
        payload = {
            "iss": self.issuer,
            "aud": "stub-client",
            "iat": now,
            "exp": now + 300,
            **({"nonce": nonce} if nonce else {}),
            **claims,
            **overrides,
        }
        return jwt.encode({"alg": "RS256", "kid": "stub-1"}, payload, key)

    def _handler(self):
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _json(self, data, status=200):
                body = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/.well-known/openid-configuration":
                    document = {
                        "issuer": stub.claimed_issuer,
                        "authorization_endpoint": stub.issuer + "/auth",
                        "token_endpoint": stub.issuer + "/token",
                        "jwks_uri": stub.issuer + "/jwks",
                        "id_token_signing_alg_values_supported": ["RS256"],
                        **stub.discovery_changes,
                    }
                    self._json({k: v for k, v in document.items() if v is not None})
                elif self.path == "/jwks":
                    self._json({"keys": [KEY.as_dict(private=False)]})
                else:
                    self._json({}, 404)

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                stub.token_requests += 1
                self._json(
                    {
                        "access_token": "stub-access",
                        "token_type": "Bearer",
                        "expires_in": 300,
                        "id_token": stub.id_token(stub.nonce),
                    }
                )

        return Handler
