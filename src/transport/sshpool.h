/* SPDX-License-Identifier: MIT */
/* What the transports over SSH share (ssh.c): a bounded pool of worker threads, each collecting one
 * device at a time on its own libssh session; the session is connected, its host key checked against
 * known_hosts and the user authenticated here, then handed to the transport's session function (the
 * ssh transport's commands, netconf.c's NETCONF subsystem). fc_job_* calls from a worker go through
 * the fc_ssh_job_* wrappers, which hold the pool's lock (the jobs share an arena). */
#ifndef FC_SSHPOOL_H
#define FC_SSHPOOL_H

#include <pthread.h>

#include "transport/job.h"
#include "util/buf.h"
#include "util/dl_ssh.h"

struct fc_ssh_pool;
/* Collects what j asks for on the authenticated session s; every failure is recorded on j. */
typedef void fc_ssh_session_fn(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session s, int timeout_ms);

struct fc_ssh_pool {
	struct fc_collect_job **jobs;
	size_t n, next;
	const struct fc_collect_opts *o;
	fc_job_done_fn *done;
	void *ctx;
	unsigned default_port;       /* where an address without a port connects */
	fc_ssh_session_fn *session;
	pthread_mutex_t lock;        /* guards next, and every fc_job_* call */
};

/* Collects the jobs o->concurrency (default 32) at a time. */
enum fc_rc fc_ssh_pool_run(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o, fc_job_done_fn *done,
			   void *ctx, unsigned default_port, fc_ssh_session_fn *session);

/* CLOCK_MONOTONIC in milliseconds, for deadlines. */
long long fc_ssh_now_ms(void);

void fc_ssh_job_error(struct fc_ssh_pool *p, struct fc_collect_job *j, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fc_ssh_job_warning(struct fc_ssh_pool *p, struct fc_collect_job *j, const char *msg);
void fc_ssh_job_write(struct fc_ssh_pool *p, struct fc_collect_job *j, const struct fc_reader *c, const struct fc_buf *b);

#endif
