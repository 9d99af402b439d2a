/* SPDX-License-Identifier: MIT */
/* NETCONF over SSH (RFC 6241, "Network Configuration Protocol"; RFC 6242, "Using the NETCONF
 * Protocol over Secure Shell"). The session is ssh.c's (host key against known_hosts, key or
 * password authentication, the worker pool), on port 830 unless the address says otherwise; on it
 * the "netconf" subsystem, both hellos framed with ]]>]]>, then base:1.1 chunked framing when both
 * sides advertise it (base:1.0 otherwise), one <rpc> per output the adapter's table gives a NETCONF
 * operation (fc_reader.rpc), one after another, and <close-session/>.
 * Each reply is checked before it is kept: well-formed XML (libxml2, no DTD, entities or network),
 * an <rpc-reply> whose message-id is the request's (any other ends the session: the stream is out
 * of step), no <rpc-error> of severity error (its error-message becomes the device's error; one
 * of severity warning is a warning and the reply is kept). The reply is written as received, the
 * <rpc-reply> element whole, which is what the adapter's readers read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/netconf_frame.h"
#include "transport/sshpool.h"
#include "util/xml.h"
#include "util/dl_xml.h"

#define MAX_REPLY (64u * 1024u * 1024u)
#define NS_BASE "urn:ietf:params:xml:ns:netconf:base:1.0"
#define CAP_10 "urn:ietf:params:netconf:base:1.0"
#define CAP_11 "urn:ietf:params:netconf:base:1.1"

struct session {
	struct fc_ssh_pool *p;
	struct fc_collect_job *j;
	ssh_channel ch;
	struct fc_nc_dec dec;
	int timeout_ms;
	unsigned long next_id;
};

/* An element's text for a message: its first line, trimmed, at most size - 1 bytes (fc_job_error and
 * fc_job_warning escape what a terminal or a report could take for control). */
static const char *said(const xmlNode *n, char *buf, size_t size)
{
	xmlChar *t = n ? fc_xml()->xmlNodeGetContent(n) : NULL;
	const char *s = t ? fc_xml_str(t) : "";
	size_t k;

	s += strspn(s, " \t\r\n");
	k = strcspn(s, "\r\n");
	while (k && s[k - 1] == ' ')
		k--;
	snprintf(buf, size, "%.*s", (int)k, s);
	(*fc_xml()->xmlFree)(t);
	return buf;
}

static enum fc_rc send_msg(struct session *s, const char *msg)
{
	struct fc_buf out;
	enum fc_rc rc;
	size_t off = 0;

	fc_buf_init(&out, MAX_REPLY);
	rc = fc_nc_frame(&out, s->dec.mode, msg, strlen(msg));
	while (rc == FC_OK && off < out.len) {
		int n = fc_ssh()->ssh_channel_write(s->ch, out.data + off, (uint32_t)(out.len - off));

		if (n <= 0)
			rc = FC_ERR_IO;
		else
			off += (size_t)n;
	}
	fc_buf_free(&out);
	return rc;
}

/* The next message into msg; false with err set on a timeout, the end of the session or bad framing. */
static bool read_msg(struct session *s, struct fc_buf *msg, struct fc_err *err)
{
	long long deadline = fc_ssh_now_ms() + s->timeout_ms;
	char buf[16384];

	for (;;) {
		enum fc_nc_take t = fc_nc_dec_take(&s->dec, msg);
		long long left;
		int n;

		if (t == FC_NC_MESSAGE)
			return true;
		fc_buf_free(msg);
		if (t == FC_NC_BAD) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "the NETCONF framing is broken: %s", s->dec.err.msg);
			return false;
		}
		if ((left = deadline - fc_ssh_now_ms()) <= 0) {
			fc_err_set(err, FC_ERR_IO, NULL, 0, "no complete reply within the timeout (%zu bytes received)",
				   s->dec.in.len - s->dec.pos + s->dec.cur.len);
			return false;
		}
		n = fc_ssh()->ssh_channel_read_timeout(s->ch, buf, sizeof(buf), 0, (int)left);
		if (n == SSH_ERROR || (n == 0 && (fc_ssh()->ssh_channel_is_eof(s->ch) || fc_ssh()->ssh_channel_is_closed(s->ch)))) {
			fc_err_set(err, FC_ERR_IO, NULL, 0, "the session ended in the middle of a reply (%zu bytes received)",
				   s->dec.in.len - s->dec.pos + s->dec.cur.len);
			return false;
		}
		if (n > 0 && fc_nc_dec_push(&s->dec, buf, (size_t)n) != FC_OK) {
			fc_err_set(err, FC_ERR_INPUT, NULL, 0, "a reply over %u bytes", MAX_REPLY);
			return false;
		}
	}
}

/* The message as a document; leading white space (a newline after ]]>]]>) is not part of it. */
static xmlDoc *parse(const struct fc_buf *msg, size_t *skip, struct fc_err *err)
{
	const xmlError *e;
	xmlDoc *doc;

	*skip = strspn(msg->data, " \t\r\n");
	doc = fc_xml()->xmlReadMemory(msg->data + *skip, (int)(msg->len - *skip), "reply", NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc) {
		e = fc_xml()->xmlGetLastError();
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "the reply is not well-formed XML (line %d: %.*s)", e ? e->line : 0,
			   e && e->message ? (int)strcspn(e->message, "\n") : 1, e && e->message ? e->message : "?");
	}
	return doc;
}

/* The hello exchange: ours, then the device's; chunked framing when both say base:1.1. */
static bool hello(struct session *s)
{
	static const char ours[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<hello xmlns=\"" NS_BASE "\"><capabilities>"
				   "<capability>" CAP_10 "</capability><capability>" CAP_11 "</capability>"
				   "</capabilities></hello>\n";
	struct fc_buf msg;
	struct fc_err err;
	const xmlNode *root, *caps, *k;
	bool b10 = false, b11 = false;
	size_t skip;
	xmlDoc *doc;

	if (send_msg(s, ours) != FC_OK) {
		fc_ssh_job_error(s->p, s->j, "NETCONF: cannot send the hello to %s", s->j->iv->address);
		return false;
	}
	fc_err_clear(&err);
	if (!read_msg(s, &msg, &err)) {
		fc_ssh_job_error(s->p, s->j, "NETCONF hello from %s: %s", s->j->iv->address, err.msg);
		return false;
	}
	doc = parse(&msg, &skip, &err);
	fc_buf_free(&msg);
	if (!doc) {
		fc_ssh_job_error(s->p, s->j, "NETCONF hello from %s: %s", s->j->iv->address, err.msg);
		return false;
	}
	root = fc_xml()->xmlDocGetRootElement(doc);
	caps = fc_xml_is(root, "hello") ? fc_xml_child(root, "capabilities") : NULL;
	for (k = caps ? caps->children : NULL; k; k = k->next) {
		char cap[200];

		if (!fc_xml_is(k, "capability"))
			continue;
		said(k, cap, sizeof(cap));
		b10 |= !strcmp(cap, CAP_10);
		b11 |= !strcmp(cap, CAP_11);
	}
	if (!fc_xml_is(root, "hello") || (!b10 && !b11)) {
		fc_ssh_job_error(s->p, s->j, "NETCONF: %s's first message is <%.40s>, not a <hello> with base:1.0 or base:1.1",
				 s->j->iv->address, root ? fc_xml_str(root->name) : "?");
		fc_xml()->xmlFreeDoc(doc);
		return false;
	}
	fc_xml()->xmlFreeDoc(doc);
	if (b11)
		fc_nc_dec_set_mode(&s->dec, FC_NC_CHUNKED);
	return true;
}

/* Checks a reply to message-id id. true: keep it (warnings recorded); false: an error was recorded,
 * and *stop says whether the session can go on. */
static bool check_reply(struct session *s, const struct fc_reader *c, const struct fc_buf *msg, unsigned long id,
			bool *stop)
{
	char want[32];
	struct fc_err err;
	const xmlNode *root, *k;
	xmlChar *mid;
	size_t skip;
	bool ok = true;
	xmlDoc *doc;

	fc_err_clear(&err);
	doc = parse(msg, &skip, &err);
	*stop = false;
	if (!doc) {
		fc_ssh_job_error(s->p, s->j, "%s: %s", c->command, err.msg);
		return false;
	}
	root = fc_xml()->xmlDocGetRootElement(doc);
	if (!fc_xml_is(root, "rpc-reply")) {
		fc_ssh_job_error(s->p, s->j, "%s: the reply is <%.40s>, not <rpc-reply>", c->command,
				 root ? fc_xml_str(root->name) : "?");
		fc_xml()->xmlFreeDoc(doc);
		*stop = true;
		return false;
	}
	snprintf(want, sizeof(want), "%lu", id);
	mid = fc_xml()->xmlGetProp(root, (const xmlChar *)"message-id");
	if (!mid || strcmp(fc_xml_str(mid), want)) {
		fc_ssh_job_error(s->p, s->j, "%s: a reply to message-id %.32s came where %s was asked: the session is out "
					     "of step, nothing more is read from it", c->command,
				 mid ? fc_xml_str(mid) : "(none)", want);
		(*fc_xml()->xmlFree)(mid);
		fc_xml()->xmlFreeDoc(doc);
		*stop = true;
		return false;
	}
	(*fc_xml()->xmlFree)(mid);
	for (k = root->children; k; k = k->next) {
		char sev[40], text[220], line[400];

		if (!fc_xml_is(k, "rpc-error"))
			continue;
		said(fc_xml_child(k, "error-severity"), sev, sizeof(sev));
		said(fc_xml_child(k, "error-message"), text, sizeof(text));
		if (!text[0])
			said(fc_xml_child(k, "error-tag"), text, sizeof(text));
		if (!strcmp(sev, "warning")) {
			snprintf(line, sizeof(line), "%s: the device warns: %s", c->command, text);
			fc_ssh_job_warning(s->p, s->j, line);
		} else if (c->optional) {
			snprintf(line, sizeof(line), "%s: rpc-error: %s (optional: collected without it)", c->command, text);
			fc_ssh_job_warning(s->p, s->j, line);
			ok = false;
		} else {
			fc_ssh_job_error(s->p, s->j, "%s: rpc-error: %s", c->command, text);
			ok = false;
		}
	}
	fc_xml()->xmlFreeDoc(doc);
	return ok;
}

static void netconf_session(struct fc_ssh_pool *p, struct fc_collect_job *j, ssh_session ss, int timeout_ms)
{
	struct session s = { .p = p, .j = j, .timeout_ms = timeout_ms, .next_id = 1 };
	size_t i;

	fc_nc_dec_init(&s.dec, FC_NC_EOM, MAX_REPLY);
	s.ch = fc_ssh()->ssh_channel_new(ss);
	if (s.ch && fc_ssh()->ssh_channel_open_session(s.ch) != SSH_OK) {
		fc_ssh()->ssh_channel_free(s.ch);
		s.ch = NULL;
	}
	if (!s.ch) {
		fc_ssh_job_error(p, j, "NETCONF: cannot open a channel on %s: %s", j->iv->address, fc_ssh()->ssh_get_error(ss));
		goto out;
	}
	if (fc_ssh()->ssh_channel_request_subsystem(s.ch, "netconf") != SSH_OK) {
		fc_ssh_job_error(p, j, "NETCONF: %s offers no netconf subsystem (on Junos: set system services netconf "
				       "ssh)", j->iv->address);
		goto out;
	}
	if (!hello(&s))
		goto out;
	for (i = 0; i < j->ncmds; i++) {
		const struct fc_reader *c = j->cmds[i];
		struct fc_buf rpc, msg;
		struct fc_err err;
		unsigned long id = s.next_id++;
		bool stop = false;

		if (!c->rpc) {
			char line[300];

			snprintf(line, sizeof(line), "%s: not available over NETCONF (collect it over ssh)", c->command);
			if (c->optional)
				fc_ssh_job_warning(p, j, line);
			else
				fc_ssh_job_error(p, j, "%s", line);
			continue;
		}
		fc_buf_init(&rpc, 64 * 1024);
		if (fc_buf_addf(&rpc, "<rpc message-id=\"%lu\" xmlns=\"" NS_BASE "\">%s</rpc>", id, c->rpc) != FC_OK ||
		    send_msg(&s, rpc.data) != FC_OK) {
			fc_buf_free(&rpc);
			fc_ssh_job_error(p, j, "%s: cannot send the request", c->command);
			break;
		}
		fc_buf_free(&rpc);
		fc_err_clear(&err);
		if (!read_msg(&s, &msg, &err)) {
			fc_ssh_job_error(p, j, "%s: %s", c->command, err.msg);
			break;
		}
		if (check_reply(&s, c, &msg, id, &stop)) {
			struct fc_buf kept = msg;
			size_t skip = strspn(msg.data, " \t\r\n");

			kept.data += skip;
			kept.len -= skip;
			fc_ssh_job_write(p, j, c, &kept);
		}
		fc_buf_free(&msg);
		if (stop)
			break;
	}
	{
		/* the device answers <ok/> and closes; nothing of ours waits for it */
		char bye[160];

		snprintf(bye, sizeof(bye), "<rpc message-id=\"%lu\" xmlns=\"" NS_BASE "\"><close-session/></rpc>", s.next_id);
		send_msg(&s, bye);
	}
out:
	fc_nc_dec_free(&s.dec);
	if (s.ch) {
		fc_ssh()->ssh_channel_send_eof(s.ch);
		fc_ssh()->ssh_channel_close(s.ch);
		fc_ssh()->ssh_channel_free(s.ch);
	}
}

/* A device whose platform gives no output a NETCONF operation is refused before connecting. */
static bool speaks_netconf(const struct fc_collect_job *j)
{
	size_t i;

	for (i = 0; i < j->ncmds; i++)
		if (j->cmds[i]->rpc)
			return true;
	return false;
}

enum fc_rc fc_netconf_collect(struct fc_collect_job **jobs, size_t n, const struct fc_collect_opts *o,
			      fc_job_done_fn *done, void *ctx)
{
	struct fc_collect_job **go = calloc(n ? n : 1, sizeof(*go));
	size_t i, m = 0;
	enum fc_rc rc;

	if (!go)
		return FC_ERR_NOMEM;
	if (!fc_jobs_load(FC_LIB_XML2, jobs, n, done, ctx)) {
		free(go);
		return FC_OK;
	}
	for (i = 0; i < n; i++) {
		if (speaks_netconf(jobs[i])) {
			go[m++] = jobs[i];
			continue;
		}
		fc_job_error(jobs[i], "platform %s reads no output over NETCONF: collect it with transport ssh (or its "
				      "API)", jobs[i]->iv->platform);
		done(ctx, jobs[i]);
	}
	rc = fc_ssh_pool_run(go, m, o, done, ctx, 830, netconf_session);
	free(go);
	return rc;
}
