#!/usr/bin/env bash
# Regenerates the TEST-ONLY certificate authority and the server certificate used by the fake webhook
# receiver (test/fakes/webhook-receiver.ts). Needs OpenSSL 3. Run from anywhere:
#   bash test/fakes/certs/make-certs.sh
# Writes ca.pem (the CA certificate), server.pem and server-key.pem into this folder. The CA's private key
# is thrown away after signing, so nobody can mint further certificates under this CA (it matters if a
# developer trusts ca.pem through NODE_EXTRA_CA_CERTS).
set -euo pipefail

cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

days=9131 # 25 years

openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
  -keyout "$work/ca-key.pem" -out ca.pem -days "$days" -sha256 \
  -subj "/O=Answerwatch tests/CN=Answerwatch TEST-ONLY webhook CA" \
  -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -addext "subjectKeyIdentifier=hash"

openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
  -keyout server-key.pem -out "$work/server.csr" \
  -subj "/O=Answerwatch tests/CN=hooks.test"

cat >"$work/server.ext" <<'EXT'
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost,DNS:hooks.test,IP:127.0.0.1,IP:::1
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid
EXT

openssl x509 -req -in "$work/server.csr" -CA ca.pem -CAkey "$work/ca-key.pem" -CAcreateserial \
  -CAserial "$work/ca.srl" -out server.pem -days "$days" -sha256 -extfile "$work/server.ext"

chmod 644 ca.pem server.pem server-key.pem
openssl verify -CAfile ca.pem server.pem
