-- The rate-limit counters live in Durable Objects (decision 093, worker/db/rate-limiter.ts): D1's one
-- writer keeps to the data. Counts of windows running at the deploy start again, at most one window each.
DROP TABLE rate_limits;
