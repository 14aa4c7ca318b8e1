-- migrate:up

-- Reviews written before owner_linked was judged (20261207000100) were left false, not judged: a
-- ring whose puppets wrote before then kept its stars. They are judged now as the writer judges a
-- review (accounts_linked), on the evidence of the 90 days before the review was written: a
-- network both the owner and the author signed in from then (sign_ins), or a browser both used
-- then (sign_ins, and known_devices, forgotten ones too: first seen before the review, used since
-- the window began). Evidence from after the review does not count: a tenant who later signs in
-- at the owner's office keeps their review. A review judged linked stops counting unless
-- documents verify its tenancy (review_may_count), and the tallies trigger takes it out of the
-- stars. Reviews written since were judged when written, on the same window and the request's
-- own signals besides: this finds no link for them that their judge did not.
-- devices is inlined (NOT MATERIALIZED): each EXISTS reads the two members' rows by their keys.
WITH devices AS NOT MATERIALIZED (
    SELECT user_id, device_hash AS hash, created_at AS first_seen, created_at AS last_seen
    FROM sign_ins WHERE device_hash IS NOT NULL
    UNION ALL
    SELECT user_id, token_hash, created_at, last_used_at FROM known_devices
), judged AS (
    SELECT r.id FROM reviews r JOIN properties p ON p.id = r.property_id
    WHERE NOT r.owner_linked AND r.user_id IS NOT NULL AND r.user_id <> p.landlord_id
      AND (EXISTS (
            SELECT FROM sign_ins a JOIN sign_ins b ON b.network = a.network
            WHERE a.user_id = p.landlord_id AND b.user_id = r.user_id
              AND a.created_at BETWEEN r.created_at - interval '90 days' AND r.created_at
              AND b.created_at BETWEEN r.created_at - interval '90 days' AND r.created_at)
        OR EXISTS (
            SELECT FROM devices a JOIN devices b ON b.hash = a.hash
            WHERE a.user_id = p.landlord_id AND b.user_id = r.user_id
              AND a.first_seen <= r.created_at AND a.last_seen >= r.created_at - interval '90 days'
              AND b.first_seen <= r.created_at AND b.last_seen >= r.created_at - interval '90 days'))
)
UPDATE reviews r SET owner_linked = true,
    counted = r.counted AND review_may_count(true,
        (SELECT t.proof FROM tenant_verifications t WHERE t.id = r.tenancy_id AND r.verified),
        review_previous_address(r.property_id, r.address_key))
FROM judged WHERE r.id = judged.id;

-- migrate:down

-- Nothing to undo: a review judged linked stays judged, as one judged when written does.
