/* SPDX-License-Identifier: MIT */
/* SSH transport (libssh): the host key is checked against a known_hosts file (unknown or changed
 * is a clear error; --accept-new adds unknown keys and still refuses changed ones), then key
 * authentication (key file, else ssh-agent) and password authentication (from the credential's
 * environment variable or 0600 file). Each command runs on its own exec channel (NX-OS: "| json" for JSON
 * outputs); a device that refuses exec, or answers it with nothing but a failure, is driven through
 * an interactive shell with prompt detection after "terminal length 0". A bounded pool of worker
 * threads collects several devices at once; each libssh session stays on one thread. */
#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "transport/cred.h"
#include "transport/job.h"
#include "transport/sshpool.h"
#include "util/addr.h"
#include "util/buf.h"
#include "util/dl_ssh.h"

#define MAX_OUTPUT (64u * 1024u * 1024u)

void fc_ssh_job_error(struct fc_ssh_pool *p, struct fc_collect_job *j, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&p->lock);
	fc_job_error(j, "%s", buf);
	pthread_mutex_unlock(&p->lock);
}

/* What a JSON row's command takes on a CLI (NX-OS " | json"); a row's remote is sent as written (a
 * script, or a program of its own such as lldpd's lldpctl -f json). */
static const char *json_suffix(const struct fc_adapter *v, const struct fc_reader *c)
{
	return !strcmp(c->encoding, "json") && v->cli_json_suffix && !c->remote ? v->cli_json_suffix : "";
}

void fc_ssh_job_write(struct fc_ssh_pool *p, struct fc_collect_job *j, const struct fc_reader *c, const struct fc_buf *b)
{
	pthread_mutex_lock(&p->lock);
	fc_job_write(j, c, b->data ? b->data : "", b->len);
	pthread_mutex_unlock(&p->lock);
}

void fc_ssh_job_warning(struct fc_ssh_pool *p, struct fc_collect_job *j, const char *msg)
{
	pthread_mutex_lock(&p->lock);
	fc_job_warning(j, msg);
	pthread_mutex_unlock(&p->lock);
}

static char *fingerprint(ssh_session s)
{
	ssh_key key = NULL;
	unsigned char *hash = NULL;
	size_t hlen = 0;
	char *fp = NULL;

	if (fc_ssh()->ssh_get_server_publickey(s, &key) == SSH_OK &&
	    fc_ssh()->ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hlen) == 0)
		fp = fc_ssh()->ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
	fc_ssh()->ssh_clean_pubkey_hash(&hash);
	fc_ssh()->ssh_key_free(key);
	return fp;
}

static bool verify_host(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session s)
{
	char *fp = fingerprint(s);
	const char *f = fp ? fp : "(no fingerprint)";
	bool ok = false;

	switch (fc_ssh()->ssh_session_is_known_server(s)) {
	case SSH_KNOWN_HOSTS_OK:
		ok = true;
		break;
	case SSH_KNOWN_HOSTS_CHANGED:
	case SSH_KNOWN_HOSTS_OTHER:
		fc_ssh_job_error(p, j, "SSH host key of %s CHANGED (now %s): refusing to connect (man in the middle, or a "
				"replaced switch: remove the old key from known_hosts if the change is expected)",
			  j->iv->address, f);
		break;
	case SSH_KNOWN_HOSTS_UNKNOWN:
	case SSH_KNOWN_HOSTS_NOT_FOUND:
		if (p->o->accept_new && fc_ssh()->ssh_session_update_known_hosts(s) == SSH_OK) {
			char msg[600];

			snprintf(msg, sizeof(msg), "SSH host key %s added to known_hosts (--accept-new)", f);
			fc_ssh_job_warning(p, j, msg);
			ok = true;
		} else {
			fc_ssh_job_error(p, j, "SSH host key of %s (%s) is not in known_hosts: add it, or collect once with "
					"--accept-new", j->iv->address, f);
		}
		break;
	case SSH_KNOWN_HOSTS_ERROR:
		fc_ssh_job_error(p, j, "cannot check the SSH host key of %s: %s", j->iv->address, fc_ssh()->ssh_get_error(s));
		break;
	}
	fc_ssh()->ssh_string_free_char(fp);
	return ok;
}

static bool authenticate(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session s, const struct fc_secret *sec)
{
	int rc = SSH_AUTH_DENIED;

	if (sec->key_file) {
		ssh_key key = NULL;
		char path[4096];

		if (sec->key_file[0] == '/')
			snprintf(path, sizeof(path), "%s", sec->key_file);
		else
			snprintf(path, sizeof(path), "%s/%s", j->inv->dir, sec->key_file);
		if (fc_ssh()->ssh_pki_import_privkey_file(path, NULL, NULL, NULL, &key) != SSH_OK) {
			fc_ssh_job_error(p, j, "cannot read SSH key %s", path);
			return false;
		}
		rc = fc_ssh()->ssh_userauth_publickey(s, NULL, key);
		fc_ssh()->ssh_key_free(key);
	}
	if (rc != SSH_AUTH_SUCCESS && getenv("SSH_AUTH_SOCK"))
		rc = fc_ssh()->ssh_userauth_agent(s, NULL);
	if (rc != SSH_AUTH_SUCCESS && sec->password[0])
		rc = fc_ssh()->ssh_userauth_password(s, NULL, sec->password);
	if (rc == SSH_AUTH_SUCCESS)
		return true;
	fc_ssh_job_error(p, j, "SSH authentication failed for user %s on %s (%s)", sec->user, j->iv->address,
		  sec->key_file ? "key" : sec->password[0] ? "password" : "agent");
	return false;
}

long long fc_ssh_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* stdout until EOF. A read can return 0 early when only stderr data arrived (a command that
 * fails with a message): stderr is drained, its first head_size - 1 bytes kept in stderr_head
 * (the reason a refused command gives: the device's text, not an error of ours), and reading
 * goes on until the deadline. */
static bool read_all(ssh_channel ch, struct fc_buf *b, char *stderr_head, size_t head_size, int timeout_ms)
{
	size_t elen = strlen(stderr_head);
	char buf[16384];
	long long deadline = fc_ssh_now_ms() + timeout_ms;

	for (;;) {
		long long left = deadline - fc_ssh_now_ms();
		int n;

		if (left <= 0)
			return false;   /* timed out */
		n = fc_ssh()->ssh_channel_read_timeout(ch, buf, sizeof(buf), 0, (int)left);
		if (n == SSH_ERROR)
			return false;
		if (n == 0) {
			if (fc_ssh()->ssh_channel_is_eof(ch) || fc_ssh()->ssh_channel_is_closed(ch))
				return true;
			n = fc_ssh()->ssh_channel_read_nonblocking(ch, buf, sizeof(buf), 1);   /* the loop checks the deadline */
			if (n > 0 && elen + 1 < head_size) {
				size_t k = (size_t)n < head_size - 1 - elen ? (size_t)n : head_size - 1 - elen;

				memcpy(stderr_head + elen, buf, k);
				stderr_head[elen += k] = '\0';
			}
			continue;
		}
		if (fc_buf_add(b, buf, (size_t)n) != FC_OK)
			return false;
	}
}

enum exec_result { EXEC_OK, EXEC_FAILED, EXEC_REFUSED };

/* Runs cmd on its own channel: stdout into out, the exit status, the start of stderr into stderr_head. */
static enum exec_result run_exec(ssh_session s, const char *cmd, struct fc_buf *out, int *status, char *stderr_head,
				 size_t head_size, int timeout_ms)
{
	ssh_channel ch = fc_ssh()->ssh_channel_new(s);
	enum exec_result r = EXEC_OK;

	fc_buf_init(out, MAX_OUTPUT);
	*status = -1;
	stderr_head[0] = '\0';
	if (!ch)
		return EXEC_FAILED;
	if (fc_ssh()->ssh_channel_open_session(ch) != SSH_OK) {
		fc_ssh()->ssh_channel_free(ch);
		return EXEC_FAILED;
	}
	if (fc_ssh()->ssh_channel_request_exec(ch, cmd) != SSH_OK) {
		r = EXEC_REFUSED;
	} else if (!read_all(ch, out, stderr_head, head_size, timeout_ms)) {
		r = EXEC_FAILED;
	} else {
		fc_ssh()->ssh_channel_send_eof(ch);
		*status = fc_ssh()->ssh_channel_get_exit_status(ch);
	}
	fc_ssh()->ssh_channel_close(ch);
	fc_ssh()->ssh_channel_free(ch);
	if (!out->data)
		fc_buf_add(out, "", 0);
	return r;
}

/* The prompt is the last line of what the device printed when it was idle: "leaf1# ". */
static bool ends_with_prompt(const struct fc_buf *b, char *prompt, size_t psize)
{
	const char *last, *p;
	size_t n;

	if (!b->len)
		return false;
	last = b->data + b->len;
	while (last > b->data && last[-1] != '\n' && last[-1] != '\r')
		last--;
	n = (size_t)(b->data + b->len - last);
	if (n == 0 || n >= psize)
		return false;
	if (prompt[0])
		return n >= strlen(prompt) && !strncmp(last, prompt, strlen(prompt));
	for (p = last; p < b->data + b->len && (isalnum((unsigned char)*p) || strchr("._-()/:@", *p)); p++)
		;
	if (p == last || p >= b->data + b->len || (*p != '#' && *p != '>'))
		return false;
	snprintf(prompt, psize, "%.*s", (int)(p + 1 - last), last);
	return true;
}

static bool shell_read(ssh_channel ch, struct fc_buf *b, char *prompt, size_t psize, int timeout_ms)
{
	char buf[16384];

	for (;;) {
		int n = fc_ssh()->ssh_channel_read_timeout(ch, buf, sizeof(buf), 0, timeout_ms);

		if (n == SSH_ERROR || (n == 0 && (fc_ssh()->ssh_channel_is_eof(ch) || fc_ssh()->ssh_channel_is_closed(ch))))
			return false;
		if (n == 0)
			return false;   /* no prompt within the timeout */
		if (fc_buf_add(b, buf, (size_t)n) != FC_OK)
			return false;
		if (ends_with_prompt(b, prompt, psize))
			return true;
	}
}

/* Removes the echoed command (first line), the trailing prompt and carriage returns. */
static void shell_clean(struct fc_buf *b)
{
	char *w = b->data, *r = b->data, *end = b->data + b->len, *nl = memchr(b->data, '\n', b->len);
	char *last = end;

	if (!nl) {
		b->len = 0;
		b->data[0] = '\0';
		return;
	}
	while (last > b->data && last[-1] != '\n')
		last--;
	for (r = nl + 1; r < last; r++)
		if (*r != '\r')
			*w++ = *r;
	b->len = (size_t)(w - b->data);
	b->data[b->len] = '\0';
}

static void via_shell(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session s, int timeout_ms)
{
	ssh_channel ch = fc_ssh()->ssh_channel_new(s);
	const struct fc_reader *c;
	size_t i;
	struct fc_buf b;
	char prompt[128] = "", line[600];

	if (!ch || fc_ssh()->ssh_channel_open_session(ch) != SSH_OK || fc_ssh()->ssh_channel_request_pty(ch) != SSH_OK ||
	    fc_ssh()->ssh_channel_request_shell(ch) != SSH_OK) {
		fc_ssh_job_error(p, j, "SSH: neither exec nor an interactive shell is available on %s", j->iv->address);
		if (ch)
			fc_ssh()->ssh_channel_free(ch);
		return;
	}
	fc_buf_init(&b, MAX_OUTPUT);
	if (!shell_read(ch, &b, prompt, sizeof(prompt), timeout_ms)) {
		fc_ssh_job_error(p, j, "SSH shell on %s: no prompt within the timeout", j->iv->address);
		goto out;
	}
	snprintf(line, sizeof(line), "terminal length 0\n");
	fc_buf_free(&b);
	fc_buf_init(&b, MAX_OUTPUT);
	if (fc_ssh()->ssh_channel_write(ch, line, (uint32_t)strlen(line)) < 0 || !shell_read(ch, &b, prompt, sizeof(prompt), timeout_ms)) {
		fc_ssh_job_error(p, j, "SSH shell on %s: 'terminal length 0' got no prompt back", j->iv->address);
		goto out;
	}
	for (i = 0; i < j->ncmds; i++) {
		c = j->cmds[i];
		fc_buf_free(&b);
		fc_buf_init(&b, MAX_OUTPUT);
		snprintf(line, sizeof(line), "%s%s\n", c->command, json_suffix(j->v, c));
		if (fc_ssh()->ssh_channel_write(ch, line, (uint32_t)strlen(line)) < 0 ||
		    !shell_read(ch, &b, prompt, sizeof(prompt), timeout_ms)) {
			fc_ssh_job_error(p, j, "%s: no prompt after the output within the timeout", c->command);
			break;
		}
		shell_clean(&b);
		if (strstr(b.data, "% Invalid command"))
			fc_ssh_job_error(p, j, "%s: the device says: %.200s", c->command, b.data);
		else
			fc_ssh_job_write(p, j, c, &b);
	}
out:
	fc_buf_free(&b);
	fc_ssh()->ssh_channel_close(ch);
	fc_ssh()->ssh_channel_free(ch);
}

/* The ssh transport's session: each command on its own exec channel, else an interactive shell. */
static void run_commands(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session s, int timeout_ms)
{
	const struct fc_reader *const *list = j->cmds, *c;
	size_t n = j->ncmds, i = 0;
	bool fallback = false;

	while (i < n && !fallback) {
		char cmd[8192], said[201];
		const char *reason;
		struct fc_buf out;
		int status;
		enum exec_result r;
		bool first = list == j->cmds && i == 0;

		c = list[i++];
		snprintf(cmd, sizeof(cmd), "%s%s", c->remote ? c->remote : c->command, json_suffix(j->v, c));
		r = run_exec(s, cmd, &out, &status, said, sizeof(said), timeout_ms);
		/* what the device said about a failure: its stderr, else its output; the first line */
		if (!said[0] && out.data)
			snprintf(said, sizeof(said), "%s", out.data);
		said[strcspn(said, "\r\n")] = '\0';
		reason = said;
		if (r == EXEC_OK && status == 127 && first && j->nfallback) {
			/* not installed there: collect what the platform takes instead (Linux: the
			 * agentless capture); said in the manifest */
			char msg[300];

			fc_buf_free(&out);
			snprintf(msg, sizeof(msg), "'%s' is not installed on the device: collected without it", c->command);
			fc_ssh_job_warning(p, j, msg);
			list = j->fallback, n = j->nfallback, i = 0;
			continue;
		}
		if (r == EXEC_REFUSED || (r == EXEC_OK && status != 0 && out.len == 0 && first)) {
			fallback = true;
		} else if (r == EXEC_FAILED) {
			fc_ssh_job_error(p, j, "%s: no complete answer within the timeout", c->command);
		} else if (status != 0 && c->optional) {
			char msg[400];

			snprintf(msg, sizeof(msg), "%s: exit status %d: %.200s (optional: collected without it)", c->command,
				 status, reason);
			fc_ssh_job_warning(p, j, msg);
		} else if (status != 0) {
			fc_ssh_job_error(p, j, "%s: exit status %d: %.200s", c->command, status, reason);
		} else {
			fc_ssh_job_write(p, j, c, &out);
		}
		fc_buf_free(&out);
	}
	if (fallback)
		via_shell(p, j, s, timeout_ms);
}

static void collect_one(struct fc_ssh_pool *p, struct fc_collect_job *j)
{
	const struct fc_collect_opts *o = p->o;
	int timeout_ms = (int)(o->timeout_ms ? o->timeout_ms : 30000);
	long timeout_s = (timeout_ms + 999) / 1000;
	struct fc_secret sec;
	struct fc_err err;
	struct fc_addr addr;
	unsigned port;
	ssh_session s;
	int no_config = 0, nodelay = 1;

	fc_err_clear(&err);
	if (!j->iv->address) {
		fc_ssh_job_error(p, j, "transport %s needs an address", j->iv->transport);
		return;
	}
	pthread_mutex_lock(&p->lock);
	if (fc_secret_load(j->inv, j->iv, &sec, &err) != FC_OK) {
		char msg[sizeof(err.file) + sizeof(err.msg) + 16];

		fc_job_error(j, "%s", fc_err_str(&err, msg, sizeof(msg)));
		pthread_mutex_unlock(&p->lock);
		return;
	}
	pthread_mutex_unlock(&p->lock);
	fc_err_clear(&err);
	if (!fc_addr_parse(j->iv->address, &addr, &err)) {   /* checked at load: no surprise here */
		fc_ssh_job_error(p, j, "address: %s", err.msg);
		goto wipe;
	}
	port = addr.port ? addr.port : p->default_port;
	s = fc_ssh()->ssh_new();
	if (!s) {
		fc_ssh_job_error(p, j, "cannot create an SSH session");
		goto wipe;
	}
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no_config);
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_HOST, addr.host);
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_PORT, &port);
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_USER, sec.user);
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &timeout_s);
	/* a request is small and follows what was just read (and the window adjust libssh sends for it):
	 * Nagle's algorithm would hold it until that is acknowledged, a delayed ACK later */
	fc_ssh()->ssh_options_set(s, SSH_OPTIONS_NODELAY, &nodelay);
	if (o->known_hosts)
		fc_ssh()->ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, o->known_hosts);
	if (fc_ssh()->ssh_connect(s) != SSH_OK) {
		fc_ssh_job_error(p, j, "SSH connection to %s failed: %s", j->iv->address, fc_ssh()->ssh_get_error(s));
		goto free;
	}
	if (!verify_host(p, j, s) || !authenticate(p, j, s, &sec))
		goto disconnect;
	p->session(p, j, s, timeout_ms);
disconnect:
	fc_ssh()->ssh_disconnect(s);
free:
	fc_ssh()->ssh_free(s);
wipe:
	fc_secret_wipe(&sec);
}

static void *worker(void *arg)
{
	struct fc_ssh_pool *p = arg;

	for (;;) {
		struct fc_collect_job *j;

		pthread_mutex_lock(&p->lock);
		if (p->next >= p->n) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		j = p->jobs[p->next++];
		pthread_mutex_unlock(&p->lock);
		collect_one(p, j);
		pthread_mutex_lock(&p->lock);
		p->done(p->ctx, j);
		pthread_mutex_unlock(&p->lock);
	}
}

enum fc_rc fc_ssh_pool_run(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o, fc_job_done_fn *done,
			   void *ctx, unsigned default_port, fc_ssh_session_fn *session)
{
	struct fc_ssh_pool p;
	pthread_t *th;
	size_t nth = o->concurrency ? o->concurrency : 32, i, started = 0;

	if (!n || !fc_jobs_load(FC_LIB_SSH, jobs, n, done, ctx))
		return FC_OK;
	if (nth > n)
		nth = n;
	th = calloc(nth, sizeof(*th));
	if (!th)
		return FC_ERR_NOMEM;
	memset(&p, 0, sizeof(p));
	p.jobs = jobs;
	p.n = n;
	p.o = o;
	p.done = done;
	p.ctx = ctx;
	p.default_port = default_port;
	p.session = session;
	pthread_mutex_init(&p.lock, NULL);
	fc_ssh()->ssh_init();
	for (i = 0; i < nth; i++)
		if (pthread_create(&th[i], NULL, worker, &p) == 0)
			started++;
	if (!started)
		worker(&p);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	fc_ssh()->ssh_finalize();
	pthread_mutex_destroy(&p.lock);
	free(th);
	return FC_OK;
}

enum fc_rc fc_ssh_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			  fc_job_done_fn *done, void *ctx)
{
	return fc_ssh_pool_run(jobs, n, o, done, ctx, 22, run_commands);
}
