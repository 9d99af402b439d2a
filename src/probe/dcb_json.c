/* SPDX-License-Identifier: MIT */
/* Agentless DCB: the JSON of iproute2's dcb tool, the upstream way to read what the probe gets
 * from dcbnl. The shapes follow iproute2's dcb/dcb_pfc.c, dcb_app.c and dcb_buffer.c (print_*
 * with PRINT_ANY; named arrays are JSON arrays):
 *
 *   dcb -j pfc show dev IF     {"pfc_cap":8,"macsec_bypass":false,"delay":7,
 *                               "prio_pfc":[false,false,false,true,false,false,false,false]}
 *   dcb -j app show dev IF     {"dscp_prio":[[26,3],[48,6]]}   (pairs DSCP, priority; a port
 *                               without DSCP entries prints {} or no dscp_prio)
 *   dcb -j buffer show dev IF  {"prio_buffer":[0,0,0,1,0,0,0,0],"buffer_size":[130944,...],
 *                               "total_size":287040}
 *
 * Each parser fills its part of fc_dcb_info; errors say "line N: what was expected". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc.h"
#include "probe/probe.h"

static enum fc_rc load(const char *what, const char *text, struct doc **d, struct fc_err *err)
{
	if (doc_parse_json(what, text, strlen(text), d, err) != FC_OK) {
		err->file[0] = '\0';   /* what names the command: the caller knows the file of the text */
		return err->rc;
	}
	if ((*d)->root->type != DOC_MAP) {
		fc_err_set(err, FC_ERR_INPUT, NULL, (*d)->root->line, "expected a JSON object");
		doc_free(d);
		return FC_ERR_INPUT;
	}
	return FC_OK;
}

static enum fc_rc bad(struct doc **d, const struct doc_node *n, const char *expected, struct fc_err *err)
{
	fc_err_set(err, FC_ERR_INPUT, NULL, n ? n->line : 1, "%s", expected);
	doc_free(d);
	return FC_ERR_INPUT;
}

/* A non-negative integer no larger than max. */
static bool uint_node(const struct doc_node *n, uint64_t max, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (!n || n->type != DOC_NUM || !n->str || n->str[0] == '-')
		return false;
	x = strtoull(n->str, &end, 10);
	if (*end || x > max)
		return false;
	*v = x;
	return true;
}

enum fc_rc fc_dcb_pfc_json(const char *text, struct fc_dcb_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	const struct doc_node *pp, *dl;
	enum fc_rc rc;
	uint64_t v;
	size_t i;

	if ((rc = load("dcb -j pfc show", text, &d, err)) != FC_OK)
		return rc;
	pp = doc_get(d->root, "prio_pfc");
	if (!pp || pp->type != DOC_SEQ || pp->n != 8)
		return bad(&d, pp ? pp : d->root, "expected \"prio_pfc\": an array of 8 booleans", err);
	out->pfc_en = 0;
	for (i = 0; i < 8; i++) {
		if (pp->items[i]->type != DOC_BOOL)
			return bad(&d, pp->items[i], "prio_pfc: expected true or false", err);
		if (pp->items[i]->b)
			out->pfc_en |= (uint8_t)(1u << i);
	}
	dl = doc_get(d->root, "delay");
	if (!uint_node(dl, 65535, &v))
		return bad(&d, dl ? dl : d->root, "expected \"delay\": 0..65535", err);
	/* mlx5 keeps the cable length (m) in the low byte, as the live probe reads it */
	out->delay = (uint8_t)(v & 0xff);
	out->pfc = true;
	doc_free(&d);
	return FC_OK;
}

enum fc_rc fc_dcb_app_json(const char *text, struct fc_dcb_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	const struct doc_node *dp;
	enum fc_rc rc;
	size_t i;

	if ((rc = load("dcb -j app show", text, &d, err)) != FC_OK)
		return rc;
	out->app = true;
	out->dscp_has = 0;
	dp = doc_get(d->root, "dscp_prio");
	if (dp && dp->type != DOC_SEQ)
		return bad(&d, dp, "expected \"dscp_prio\": an array of [DSCP, PRIO] pairs", err);
	for (i = 0; dp && i < dp->n; i++) {
		const struct doc_node *pair = dp->items[i];
		uint64_t dscp, prio;

		if (pair->type != DOC_SEQ || pair->n != 2 || !uint_node(pair->items[0], 63, &dscp) ||
		    !uint_node(pair->items[1], 7, &prio))
			return bad(&d, pair, "dscp_prio: expected [DSCP 0..63, PRIO 0..7]", err);
		out->dscp_has |= (uint64_t)1 << dscp;
		out->dscp_prio[dscp] = (uint8_t)prio;
	}
	doc_free(&d);
	return FC_OK;
}

enum fc_rc fc_dcb_buffer_json(const char *text, struct fc_dcb_info *out, struct fc_err *err)
{
	struct doc *d = NULL;
	const struct doc_node *pb, *bs, *ts;
	enum fc_rc rc;
	uint64_t v;
	size_t i;

	if ((rc = load("dcb -j buffer show", text, &d, err)) != FC_OK)
		return rc;
	pb = doc_get(d->root, "prio_buffer");
	bs = doc_get(d->root, "buffer_size");
	if (!pb || pb->type != DOC_SEQ || pb->n != 8)
		return bad(&d, pb ? pb : d->root, "expected \"prio_buffer\": an array of 8 buffer numbers", err);
	if (!bs || bs->type != DOC_SEQ || bs->n != 8)
		return bad(&d, bs ? bs : d->root, "expected \"buffer_size\": an array of 8 sizes in bytes", err);
	for (i = 0; i < 8; i++) {
		if (!uint_node(pb->items[i], 7, &v))
			return bad(&d, pb->items[i], "prio_buffer: expected a buffer number 0..7", err);
		out->prio2buffer[i] = (uint8_t)v;
		if (!uint_node(bs->items[i], UINT32_MAX, &v))
			return bad(&d, bs->items[i], "buffer_size: expected bytes", err);
		out->buffer_size[i] = (uint32_t)v;
	}
	ts = doc_get(d->root, "total_size");
	if (ts && !uint_node(ts, UINT32_MAX, &v))
		return bad(&d, ts, "total_size: expected bytes", err);
	out->total_size = ts ? (uint32_t)v : 0;
	out->buffer = true;
	doc_free(&d);
	return FC_OK;
}
