-- The job queue is pg-boss, in its own schema `pgboss` (docs/decisions/012-job-queue.md);
-- this table never had a runner.
drop table jobs;
