#!/usr/bin/env bash
# The README walkthrough: bash scripts/walkthrough.sh [http://host:port/v1]
set -euo pipefail
BASE=${1:-${BASE:-http://localhost:8080/v1}}
RUN=$RANDOM$RANDOM   # each run makes its own account and business, so a second run works too

# curl that fails on an HTTP error status and shows the error body on stderr.
api() {
  local body
  body=$(curl -sS --fail-with-body "$@") || { printf '%s\n' "$body" >&2; return 1; }
  printf '%s\n' "$body"
}

# 1. Register and sign in (access token: JWT, 1 hour).
EMAIL="owner+$RUN@example.com"
ACCOUNT=$(api -X POST "$BASE/auth/register" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"a long enough password\",\"name\":\"Ana Owner\"}" | jq -r '.data.id')
echo "account $ACCOUNT"
TOKEN=$(api -X POST "$BASE/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"a long enough password\"}" | jq -r '.data.accessToken')

# 2. Create a live API key (the full key is shown once).
KEY=$(api -X POST "$BASE/auth/api-keys" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
  -d '{"name":"walkthrough","environment":"live"}' | jq -r '.data.key')
echo "key ends in ${KEY: -4}"

# 3. Create a business profile (starts as a draft).
BIZ=$(api -X POST "$BASE/business/profile" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d '{
  "name": "Green Leaf Kitchen '"$RUN"'",
  "category": "restaurants",
  "description": "Plant-based lunch and dinner on South Congress: seasonal bowls, tacos and house-made kombucha.",
  "tagline": "Seasonal plant-based food in South Austin",
  "location": {
    "address": {"street": "1400 S Congress Ave", "city": "Austin", "state": "TX", "postalCode": "78704", "country": "US"},
    "coordinates": {"lat": 30.2489, "lon": -97.7501}
  },
  "contact": {"email": "hello@greenleaf.example", "website": "https://greenleaf.example"},
  "hours": {"monday": {"open": "11:00", "close": "22:00"}, "friday": {"open": "11:00", "close": "01:00"}, "sunday": {"closed": true}}
}' | jq -r '.data.id')
echo "created $BIZ"

# 4. Add a service.
api -X POST "$BASE/business/profile/$BIZ/services" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"name":"Vegan lunch bowl","pricing":{"type":"fixed","currency":"USD","amount":14},"duration":30,"bookable":true}' | jq -r '"service \(.data.id)"'

# 5. Upload a logo: a 1x1 PNG sent from stdin (the type is decided from the bytes), so no file is left behind.
echo 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' | base64 -d |
  api -X POST "$BASE/business/profile/media" -H "Authorization: Bearer $KEY" -F type=logo -F 'file=@-;filename=logo.png' | jq -r '"logo \(.data.url)"'

# 6. Publish it (refused with the missing fields if the profile is incomplete).
api -X PATCH "$BASE/business/profile/$BIZ" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"status":"published"}' | jq -r '.data.status'

# 7. Request verification.
api -X POST "$BASE/business/profile/$BIZ/verification" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"level":"verified","documents":["https://greenleaf.example/license.pdf"]}' | jq -r '"verification \(.data.status)"'

# 8. Read the completion status: missingFields are required to publish (empty now), recommendedFields would still help.
api "$BASE/business/profile/status" -H "Authorization: Bearer $KEY" | jq -c '.data | {completionPercentage, missingFields, recommendedFields}'

# 9. Find it the way a consumer app would (indexed within a second of publishing); stop if it is not there.
sleep 1
api -X POST "$BASE/api/v1/consumer/search" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"query":"vegan lunch in Austin","location":{"lat":30.2672,"lon":-97.7431,"distance":"10km"},"limit":50}' |
  jq -er --arg id "$BIZ" '.data.businesses | to_entries[] | select(.value.id == $id) | "found \(.value.name) at position \(.key + 1)"' ||
  { echo "$BIZ is not among the search results" >&2; exit 1; }

# 10. The values the sections below and docs/ use: paste this line into your terminal.
printf 'export BASE=%q ACCOUNT=%q KEY=%q BIZ=%q TOKEN=%q\n' "$BASE" "$ACCOUNT" "$KEY" "$BIZ" "$TOKEN"
