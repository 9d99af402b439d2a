/* SPDX-License-Identifier: MIT */
/* YAML into the positioned document tree, with libyaml's event parser. Aliases are refused
 * (no billion laughs); one document per file. */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "doc/doc.h"

struct yp {
	yaml_parser_t parser;
	const char *text;         /* the input, for the line of a reader error */
	size_t len;
	struct doc *d;
	struct fc_err *err;
	unsigned depth;
};

static enum fc_rc yerr(struct yp *y, unsigned line, const char *msg)
{
	return fc_err_set(y->err, FC_ERR_INPUT, y->d->file, line, "invalid YAML: %s", msg);
}

static enum fc_rc next_event(struct yp *y, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&y->parser, ev)) {
		char msg[600];

		unsigned line = (unsigned)y->parser.problem_mark.line + 1;

		snprintf(msg, sizeof(msg), "%s%s%s", y->parser.problem ? y->parser.problem : "syntax error",
			 y->parser.context ? " " : "", y->parser.context ? y->parser.context : "");
		/* the reader (bad UTF-8, control characters) gives a byte offset, not a mark */
		if (y->parser.error == YAML_READER_ERROR) {
			size_t i, end = y->parser.problem_offset < y->len ? y->parser.problem_offset : y->len;

			for (line = 1, i = 0; i < end; i++)
				line += y->text[i] == '\n';
			if (y->parser.problem_value != -1 && end < y->len)
				snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), " (byte 0x%02x)",
					 (unsigned char)y->text[end]);
		}
		return yerr(y, line, msg);
	}
	return FC_OK;
}

static void scalar_type(struct doc_node *n, const yaml_event_t *ev)
{
	const char *s = n->str;

	n->type = DOC_STR;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	if (!n->plain)
		return;
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) {
		n->type = DOC_BOOL;
		n->b = true;
	} else if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) {
		n->type = DOC_BOOL;
	} else if (!strcmp(s, "null") || !strcmp(s, "~") || !*s) {
		n->type = DOC_NULL;
	} else {
		const char *p = s;

		if (*p == '-' || *p == '+')
			p++;
		if (*p >= '0' && *p <= '9' && strspn(p, "0123456789.eE+-") == strlen(p))
			n->type = DOC_NUM;
	}
}

static enum fc_rc parse_node(struct yp *y, yaml_event_t *ev, struct doc_node **out);

static enum fc_rc parse_children(struct yp *y, struct doc_node *n, yaml_event_type_t end)
{
	size_t cap = 0;
	yaml_event_t ev;
	enum fc_rc rc;

	if (++y->depth > DOC_MAX_DEPTH)
		return yerr(y, n->line, "nested too deeply");
	for (;;) {
		const char *key = NULL;
		unsigned kl = 0;
		struct doc_node *child;

		rc = next_event(y, &ev);
		if (rc != FC_OK)
			return rc;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			y->depth--;
			return n->type == DOC_MAP ? doc_unique_keys(y->d->file, n, y->err) : FC_OK;
		}
		if (n->type == DOC_MAP) {
			if (ev.type != YAML_SCALAR_EVENT) {
				kl = (unsigned)ev.start_mark.line + 1;
				yaml_event_delete(&ev);
				return yerr(y, kl, "mapping keys must be plain scalars");
			}
			key = fc_strndup(y->d->arena, (const char *)ev.data.scalar.value, ev.data.scalar.length);
			kl = (unsigned)ev.start_mark.line + 1;
			yaml_event_delete(&ev);
			if (!key)
				return FC_ERR_NOMEM;
			rc = next_event(y, &ev);
			if (rc != FC_OK)
				return rc;
		}
		rc = parse_node(y, &ev, &child);
		if (rc != FC_OK)
			return rc;
		if (doc_add_child(y->d->arena, n, &cap, child, key, kl) != FC_OK)
			return fc_err_set(y->err, FC_ERR_NOMEM, y->d->file, kl, "out of memory");
	}
}

/* Consumes ev (and, for collections, everything up to their end). */
static enum fc_rc parse_node(struct yp *y, yaml_event_t *ev, struct doc_node **out)
{
	struct doc_node *n = fc_alloc(y->d->arena, sizeof(*n));
	enum fc_rc rc = FC_OK;
	unsigned line = (unsigned)ev->start_mark.line + 1;

	if (!n) {
		yaml_event_delete(ev);
		return FC_ERR_NOMEM;
	}
	n->line = line;
	*out = n;
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n->str = fc_strndup(y->d->arena, (const char *)ev->data.scalar.value, ev->data.scalar.length);
		if (!n->str || strlen(n->str) != ev->data.scalar.length)
			rc = yerr(y, line, "scalar contains a NUL character");
		else
			scalar_type(n, ev);
		yaml_event_delete(ev);
		return rc;
	case YAML_SEQUENCE_START_EVENT:
		yaml_event_delete(ev);
		n->type = DOC_SEQ;
		return parse_children(y, n, YAML_SEQUENCE_END_EVENT);
	case YAML_MAPPING_START_EVENT:
		yaml_event_delete(ev);
		n->type = DOC_MAP;
		return parse_children(y, n, YAML_MAPPING_END_EVENT);
	case YAML_ALIAS_EVENT:
		yaml_event_delete(ev);
		return yerr(y, line, "aliases (*name) are not supported");
	default:
		yaml_event_delete(ev);
		return yerr(y, line, "unexpected YAML event");
	}
}

enum fc_rc doc_parse_yaml(const char *file, const char *text, size_t len, struct doc **out, struct fc_err *err)
{
	struct fc_arena *a = fc_arena_new();
	struct yp y;
	struct doc *d;
	yaml_event_t ev;
	enum fc_rc rc;
	bool have_doc = false;

	*out = NULL;
	if (!a || !(d = fc_alloc(a, sizeof(*d)))) {
		fc_arena_free(&a);
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	}
	d->arena = a;
	d->file = fc_strdup(a, file);
	memset(&y, 0, sizeof(y));
	y.d = d;
	y.err = err;
	y.text = text;
	y.len = len;
	if (!yaml_parser_initialize(&y.parser)) {
		fc_arena_free(&a);
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "cannot initialise the YAML parser");
	}
	yaml_parser_set_input_string(&y.parser, (const unsigned char *)text, len);
	for (;;) {
		rc = next_event(&y, &ev);
		if (rc != FC_OK)
			break;
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (ev.type == YAML_STREAM_START_EVENT || ev.type == YAML_DOCUMENT_END_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT) {
			unsigned l = (unsigned)ev.start_mark.line + 1;

			yaml_event_delete(&ev);
			if (have_doc) {
				rc = yerr(&y, l, "only one document per file is allowed");
				break;
			}
			have_doc = true;
			continue;
		}
		rc = parse_node(&y, &ev, &d->root);
		if (rc != FC_OK)
			break;
	}
	yaml_parser_delete(&y.parser);
	if (rc == FC_OK && !d->root)
		rc = fc_err_set(err, FC_ERR_INPUT, file, 1, "empty document");
	if (rc != FC_OK) {
		if (err && err->rc == FC_OK)
			fc_err_set(err, rc, file, 0, "out of memory");
		fc_arena_free(&a);
		return rc;
	}
	*out = d;
	return FC_OK;
}
