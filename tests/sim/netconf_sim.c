/* SPDX-License-Identifier: MIT */
/* NETCONF-over-SSH simulator for the collection benchmark (bench/collect_200.sh junos): one
 * process standing for many switches, each connection served on its own thread by libssh's server
 * API with no shell or program started per session (what an OpenSSH sshd costs per connection would
 * be the simulator's cost, not the collector's). Password authentication; the "netconf" subsystem;
 * the hello framed with ]]>]]>, then base:1.1 chunks; each <rpc> answered after --latency-ms with
 * the recorded reply of the reader whose NETCONF operation it is (the Junos adapter's table), the
 * request's message-id set on its <rpc-reply>. Framing uses fabcheck's netconf_frame.c; the
 * independent implementation the tests check the transport against is tests/cli/netconf_replay.py.
 *
 *   netconf_sim --dir DEVICE_DIR --port N --hostkey FILE --user U --password-env VAR [--latency-ms N]
 * Prints READY when listening, then "REQ <operation> status=200" (404: not recorded) per reply;
 * serves until killed. */
#include <libssh/libssh.h>
#include <libssh/server.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapter/adapter.h"
#include "transport/netconf_frame.h"
#include "util/buf.h"

#define MAX_MSG (64u * 1024u * 1024u)
#define NS "urn:ietf:params:xml:ns:netconf:base:1.0"

struct reply {
	char op[96];          /* the operation's element name */
	struct fc_buf body;   /* the recorded <rpc-reply> */
};

struct sim {
	const char *user, *password;
	unsigned latency_ms;
	struct reply replies[16];
	size_t nreplies;
};

struct conn {
	const struct sim *S;
	ssh_session s;
};

static bool send_framed(ssh_channel ch, enum fc_nc_framing mode, const char *body, size_t len)
{
	struct fc_buf out;
	size_t off = 0;
	bool ok;

	fc_buf_init(&out, MAX_MSG + 64);
	ok = fc_nc_frame(&out, mode, body, len) == FC_OK;
	while (ok && off < out.len) {
		int n = ssh_channel_write(ch, out.data + off, (uint32_t)(out.len - off));

		ok = n > 0;
		off += ok ? (size_t)n : 0;
	}
	fc_buf_free(&out);
	return ok;
}

static bool next_msg(ssh_channel ch, struct fc_nc_dec *d, struct fc_buf *msg)
{
	char buf[16384];

	for (;;) {
		enum fc_nc_take t = fc_nc_dec_take(d, msg);
		int n;

		if (t == FC_NC_MESSAGE)
			return true;
		fc_buf_free(msg);
		if (t == FC_NC_BAD || (n = ssh_channel_read(ch, buf, sizeof(buf), 0)) <= 0 ||
		    fc_nc_dec_push(d, buf, (size_t)n) != FC_OK)
			return false;
	}
}

/* The request's message-id and the element inside <rpc>. */
static bool request(const char *msg, char *id, size_t isize, char *op, size_t osize)
{
	const char *m = strstr(msg, "message-id=\""), *r = strstr(msg, "<rpc"), *o;
	size_t n;

	if (!m || !r || !(r = strchr(r, '>')) || !(o = strchr(r + 1, '<')))
		return false;
	m += strlen("message-id=\"");
	snprintf(id, isize, "%.*s", (int)strcspn(m, "\""), m);
	o++;
	n = strcspn(o, " />");
	snprintf(op, osize, "%.*s", (int)n, o);
	return true;
}

static void netconf(const struct sim *S, ssh_channel ch)
{
	static const char hello[] = "<hello xmlns=\"" NS "\"><capabilities><capability>urn:ietf:params:netconf:base:1.0"
				    "</capability><capability>urn:ietf:params:netconf:base:1.1</capability>"
				    "</capabilities><session-id>1</session-id></hello>\n";
	struct fc_nc_dec d;
	struct fc_buf msg;

	fc_nc_dec_init(&d, FC_NC_EOM, MAX_MSG);
	if (!send_framed(ch, FC_NC_EOM, hello, strlen(hello)) || !next_msg(ch, &d, &msg))
		goto out;
	fc_buf_free(&msg);
	fc_nc_dec_set_mode(&d, FC_NC_CHUNKED);
	while (next_msg(ch, &d, &msg)) {
		char id[64], op[96];
		struct fc_buf r;
		size_t k;
		const char *rest;

		if (!request(msg.data, id, sizeof(id), op, sizeof(op))) {
			fc_buf_free(&msg);
			break;
		}
		fc_buf_free(&msg);
		fc_buf_init(&r, MAX_MSG);
		if (!strcmp(op, "close-session")) {
			fc_buf_addf(&r, "<rpc-reply xmlns=\"" NS "\" message-id=\"%s\"><ok/></rpc-reply>", id);
			send_framed(ch, FC_NC_CHUNKED, r.data, r.len);
			fc_buf_free(&r);
			break;
		}
		if (S->latency_ms)
			usleep(S->latency_ms * 1000u);
		for (k = 0; k < S->nreplies && strcmp(S->replies[k].op, op); k++)
			;
		if (k < S->nreplies && (rest = strstr(S->replies[k].body.data, "<rpc-reply"))) {
			fc_buf_addf(&r, "%.*s<rpc-reply xmlns=\"" NS "\" message-id=\"%s\"",
				    (int)(rest - S->replies[k].body.data), S->replies[k].body.data, id);
			fc_buf_addf(&r, "%s", rest + strlen("<rpc-reply"));
		} else {
			fc_buf_addf(&r, "<rpc-reply xmlns=\"" NS "\" message-id=\"%s\"><rpc-error><error-severity>error"
				    "</error-severity><error-message>syntax error</error-message></rpc-error></rpc-reply>", id);
		}
		if (!r.data || !send_framed(ch, FC_NC_CHUNKED, r.data, r.len)) {
			fc_buf_free(&r);
			break;
		}
		fc_buf_free(&r);
		printf("REQ %s status=%d\n", op, k < S->nreplies ? 200 : 404);   /* the bench counts them */
	}
out:
	fc_nc_dec_free(&d);
}

/* libssh 0.10 marks the message API's password getter deprecated in favour of server callbacks;
 * the synchronous message loop is the simpler one for a thread per session, and still supported. */
static bool password_ok(ssh_message m, const struct sim *S)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	const char *pw = ssh_message_auth_password(m);
#pragma GCC diagnostic pop

	return pw && !strcmp(ssh_message_auth_user(m), S->user) && !strcmp(pw, S->password);
}

static void *serve(void *arg)
{
	struct conn *c = arg;
	ssh_session s = c->s;
	ssh_channel ch = NULL;
	ssh_message m;
	bool authed = false, subsystem = false;

	if (ssh_handle_key_exchange(s) != SSH_OK)
		goto out;
	while (!authed && (m = ssh_message_get(s))) {
		if (ssh_message_type(m) == SSH_REQUEST_AUTH && ssh_message_subtype(m) == SSH_AUTH_METHOD_PASSWORD &&
		    password_ok(m, c->S)) {
			ssh_message_auth_reply_success(m, 0);
			authed = true;
		} else {
			ssh_message_auth_set_methods(m, SSH_AUTH_METHOD_PASSWORD);
			ssh_message_reply_default(m);
		}
		ssh_message_free(m);
	}
	while (authed && !ch && (m = ssh_message_get(s))) {
		if (ssh_message_type(m) == SSH_REQUEST_CHANNEL_OPEN && ssh_message_subtype(m) == SSH_CHANNEL_SESSION)
			ch = ssh_message_channel_request_open_reply_accept(m);
		else
			ssh_message_reply_default(m);
		ssh_message_free(m);
	}
	while (ch && !subsystem && (m = ssh_message_get(s))) {
		if (ssh_message_type(m) == SSH_REQUEST_CHANNEL && ssh_message_subtype(m) == SSH_CHANNEL_REQUEST_SUBSYSTEM &&
		    !strcmp(ssh_message_channel_request_subsystem(m), "netconf")) {
			ssh_message_channel_request_reply_success(m);
			subsystem = true;
		} else {
			ssh_message_reply_default(m);
		}
		ssh_message_free(m);
	}
	if (subsystem)
		netconf(c->S, ch);
	if (ch) {
		ssh_channel_send_eof(ch);
		ssh_channel_close(ch);
		ssh_channel_free(ch);
	}
out:
	ssh_disconnect(s);
	ssh_free(s);
	free(c);
	return NULL;
}

/* The replies: every reader of the Junos adapter with a NETCONF operation, from its file in dir. */
static bool load(struct sim *S, const char *dir)
{
	const struct fc_adapter *v = fc_adapter_find("junos");
	const struct fc_reader *r;

	for (r = v ? v->readers : NULL; r && r->command && S->nreplies < 16; r++) {
		struct reply *p = &S->replies[S->nreplies];
		char path[4096];
		struct fc_err err;
		const char *o;

		if (!r->rpc || !r->file)
			continue;
		o = r->rpc + 1;
		snprintf(p->op, sizeof(p->op), "%.*s", (int)strcspn(o, " />"), o);
		snprintf(path, sizeof(path), "%s/%s", dir, r->file);
		fc_err_clear(&err);
		if (fc_read_file(path, MAX_MSG, &p->body, &err) != FC_OK)
			continue;   /* not recorded: an rpc-error, as a device without it answers */
		S->nreplies++;
	}
	return S->nreplies > 0;
}

int main(int argc, char **argv)
{
	struct sim S = { .user = "fabcheck" };
	const char *dir = NULL, *hostkey = NULL, *port = "8300";
	ssh_bind b;
	int i;

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--dir"))
			dir = argv[i + 1];
		else if (!strcmp(argv[i], "--port"))
			port = argv[i + 1];
		else if (!strcmp(argv[i], "--hostkey"))
			hostkey = argv[i + 1];
		else if (!strcmp(argv[i], "--user"))
			S.user = argv[i + 1];
		else if (!strcmp(argv[i], "--password-env"))
			S.password = getenv(argv[i + 1]);
		else if (!strcmp(argv[i], "--latency-ms"))
			S.latency_ms = (unsigned)strtoul(argv[i + 1], NULL, 10);
	}
	if (!dir || !hostkey || !S.password || !load(&S, dir)) {
		fprintf(stderr, "usage: netconf_sim --dir DEVICE_DIR --port N --hostkey FILE --user U --password-env VAR "
				"[--latency-ms N]\n");
		return 2;
	}
	ssh_init();
	b = ssh_bind_new();
	ssh_bind_options_set(b, SSH_BIND_OPTIONS_BINDADDR, "0.0.0.0");
	ssh_bind_options_set(b, SSH_BIND_OPTIONS_BINDPORT_STR, port);
	ssh_bind_options_set(b, SSH_BIND_OPTIONS_HOSTKEY, hostkey);
	if (ssh_bind_listen(b) != SSH_OK) {
		fprintf(stderr, "netconf_sim: %s\n", ssh_get_error(b));
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("READY %zu operations\n", S.nreplies);
	for (;;) {
		struct conn *c = calloc(1, sizeof(*c));
		pthread_t t;

		if (!c || !(c->s = ssh_new()))
			return 1;
		c->S = &S;
		if (ssh_bind_accept(b, c->s) != SSH_OK || pthread_create(&t, NULL, serve, c)) {
			ssh_free(c->s);
			free(c);
			continue;
		}
		pthread_detach(t);
	}
}
