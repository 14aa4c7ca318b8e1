-- migrate:up

-- One listing's threads in the owner's order (unread first, then the latest), one index range
-- (ListListingEnquiryThreads); it also serves what enquiry_threads_property served (a listing's
-- deletion's cascade).
CREATE INDEX enquiry_threads_property_list ON enquiry_threads (property_id, (owner_unread > 0) DESC, last_message_at DESC, id DESC);
DROP INDEX enquiry_threads_property;

-- migrate:down

CREATE INDEX enquiry_threads_property ON enquiry_threads (property_id);
DROP INDEX enquiry_threads_property_list;
