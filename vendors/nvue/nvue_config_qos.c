/* SPDX-License-Identifier: MIT */
/* NVUE's configuration: the qos subtree (roce, the profiles of each kind: mapping, pfc, link-pause,
 * congestion-control, egress-scheduler, remark; egress-queue-mapping, traffic-pool) into the
 * adapter's state, which nvue_model.c resolves per port; the acl subtree into the model's ACLs,
 * and `nv show acl -o json`, the ACLs as they run, in the same syntax. */
#include "vendors/nvue/nvue_cfg.h"

/* --- qos profiles ------------------------------------------------------------------------------ */

static enum fc_rc onoff_into(struct nvue_cfg *g, const struct doc_node *v, unsigned line, const char *path, const char *key,
			     struct fc_bool *out)
{
	bool on;

	if (!word(v) || !nvue_onoff(word(v), &on))
		return nvue_unparsed(g, line, path, key, v, "expected enable or disable");
	fc_set_bool(out, on, at(g, line));
	return FC_OK;
}

/* mapping P: trust, dscp D switch-priority S, pcp P switch-priority S, port-default-sp S */
static enum fc_rc mapping_key(struct nvue_cfg *g, struct nvue_profile *p, const char *path, const char *k,
			      const struct doc_node *v, unsigned line)
{
	struct fc_model *m = g->c->m;
	enum fc_rc rc = FC_OK;
	int64_t sp;
	size_t i;

	if (!strcmp(k, "trust")) {
		const char *w = word(v);

		if (!w || !in_list(w, (const char *const[]){ "l2", "l3", "both", "port", NULL }))
			return nvue_unparsed(g, line, path, k, v, "expected l2, l3, both or port");
		fc_set_str(m, &p->trust, w, at(g, line));
		return FC_OK;
	}
	if (!strcmp(k, "port-default-sp")) {
		if (!int_of(word(v), 0, 7, &sp))
			return nvue_unparsed(g, line, path, k, v, "expected a switch priority 0-7");
		fc_set_int(&p->port_sp, sp, at(g, line));
		return FC_OK;
	}
	if (strcmp(k, "dscp") && strcmp(k, "pcp"))
		return nvue_unparsed(g, line, path, k, v, NULL);
	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, path, k, v, "expected values, each with its switch-priority");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i], *spn = e && e->type == DOC_MAP ? doc_get(e, "switch-priority") : NULL;
		unsigned l = v->key_lines[i];
		uint64_t set;
		int d;

		if (!numset_str(v->keys[i], !strcmp(k, "dscp") ? 63 : 7, &set) ||
		    !int_of(word(spn), 0, 7, &sp)) {
			rc = nvue_unparsed(g, l, path, fc_sprintf(m->arena, "%s %s", k, v->keys[i]), NULL,
				 "expected a value or range with a switch-priority 0-7");
			continue;
		}
		if (spn && doc_key_line(e, "switch-priority"))
			l = doc_key_line(e, "switch-priority");
		for (d = 0; d < 64; d++)
			if ((set >> d) & 1)
				fc_set_int(!strcmp(k, "dscp") ? &p->dscp_sp[d] : &p->pcp_sp[d], sp, at(g, l));
	}
	return rc;
}

/* pfc P / link-pause P: switch-priority, tx, rx, cable-length, port-buffer, xoff/xon-threshold */
static enum fc_rc pfc_key(struct nvue_cfg *g, struct nvue_profile *p, const char *path, const char *k,
			  const struct doc_node *v, unsigned line)
{
	int64_t x;
	uint64_t set;

	if (!strcmp(k, "switch-priority") && p->kind == NP_PFC) {
		if (!numset_of(v, 7, &set))
			return nvue_unparsed(g, line, path, k, v, "expected switch priorities 0-7");
		/* a collection's first value is the line that names the priority */
		fc_set_int(&p->prios, (int64_t)set, at(g, v->type == DOC_MAP ? v->key_lines[0] : line));
	} else if (!strcmp(k, "tx") || !strcmp(k, "rx")) {
		return onoff_into(g, v, line, path, k, !strcmp(k, "tx") ? &p->tx : &p->rx);
	} else if (!strcmp(k, "cable-length")) {
		if (!int_of(word(v), 1, 100000, &x))
			return nvue_unparsed(g, line, path, k, v, "expected a length in metres");
		fc_set_int(&p->cable_m, x, at(g, line));
	} else if (!strcmp(k, "port-buffer") || !strcmp(k, "xoff-threshold") || !strcmp(k, "xon-threshold")) {
		if (!bytes_of(word(v), &x))
			return nvue_unparsed(g, line, path, k, v, "expected bytes");
		fc_set_int(!strcmp(k, "port-buffer") ? &p->port_buffer : !strcmp(k, "xoff-threshold") ? &p->xoff : &p->xon,
			   x, at(g, line));
	} else
		return nvue_unparsed(g, line, path, k, v, NULL);
	return FC_OK;
}

/* The traffic classes of a profile: `traffic-class: {T: {...}}`, T a number, list or range. */
static enum fc_rc per_tc(struct nvue_cfg *g, struct nvue_profile *p, const char *path, const struct doc_node *v, unsigned line)
{
	struct fc_model *m = g->c->m;
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, path, "traffic-class", v, "expected traffic classes");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i];
		const char *tpath = fc_sprintf(m->arena, "%s traffic-class %s", path, v->keys[i]);
		uint64_t set;
		int t;

		if (!numset_str(v->keys[i], 7, &set) || !e || e->type != DOC_MAP) {
			rc = nvue_unparsed(g, v->key_lines[i], path, fc_sprintf(m->arena, "traffic-class %s", v->keys[i]), NULL,
				 "expected a traffic class 0-7 and its settings");
			continue;
		}
		for (j = 0; j < e->n && rc == FC_OK; j++) {
			const char *k = e->keys[j];
			const struct doc_node *x = e->items[j];
			unsigned l = e->key_lines[j];
			int64_t n;
			bool on;

			for (t = 0; t < 8 && rc == FC_OK; t++) {
				if (!((set >> t) & 1))
					continue;
				if (p->kind == NP_CC) {
					struct nvue_cc_tc *c = &p->cc[t];

					if (!c->src.file)
						c->src = at(g, v->key_lines[i]);
					if (!strcmp(k, "ecn") || !strcmp(k, "red")) {
						if (!word(x) || !nvue_onoff(word(x), &on))
							rc = nvue_unparsed(g, l, tpath, k, x, "expected enable or disable");
						else
							fc_set_bool(!strcmp(k, "ecn") ? &c->ecn : &c->red, on, at(g, l));
					} else if (!strcmp(k, "min-threshold") || !strcmp(k, "max-threshold")) {
						if (!bytes_of(word(x), &n))
							rc = nvue_unparsed(g, l, tpath, k, x, "expected bytes");
						else
							fc_set_int(!strcmp(k, "min-threshold") ? &c->kmin : &c->kmax, n, at(g, l));
					} else if (!strcmp(k, "probability")) {
						if (!int_of(word(x), 0, 100, &n))
							rc = nvue_unparsed(g, l, tpath, k, x, "expected a percent");
						else
							fc_set_int(&c->prob, n, at(g, l));
					} else
						rc = nvue_unparsed(g, l, tpath, k, x, NULL);
				} else {
					struct nvue_sched_tc *s = &p->sched[t];

					if (!s->src.file)
						s->src = at(g, v->key_lines[i]);
					if (!strcmp(k, "mode")) {
						const char *w = word(x);

						if (!w || (strcmp(w, "strict") && strcmp(w, "dwrr")))
							rc = nvue_unparsed(g, l, tpath, k, x, "expected strict or dwrr");
						else
							fc_set_bool(&s->strict, !strcmp(w, "strict"), at(g, l));
					} else if (!strcmp(k, "bw-percent")) {
						if (!int_of(word(x), 0, 100, &n))
							rc = nvue_unparsed(g, l, tpath, k, x, "expected a percent");
						else
							fc_set_int(&s->bw, n, at(g, l));
					} else
						rc = nvue_unparsed(g, l, tpath, k, x, NULL);
				}
			}
		}
	}
	return rc;
}

/* remark P: rewrite l2|l3|both, switch-priority S dscp D */
static enum fc_rc remark_key(struct nvue_cfg *g, struct nvue_profile *p, const char *path, const char *k,
			     const struct doc_node *v, unsigned line)
{
	size_t i;
	int64_t d;
	uint64_t set;

	if (!strcmp(k, "rewrite")) {
		const char *w = word(v);

		if (!w || !in_list(w, (const char *const[]){ "l2", "l3", "both", NULL }))
			return nvue_unparsed(g, line, path, k, v, "expected l2, l3 or both");
		fc_set_str(g->c->m, &p->rewrite, w, at(g, line));
		return FC_OK;
	}
	if (strcmp(k, "switch-priority"))
		return nvue_unparsed(g, line, path, k, v, NULL);
	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, path, k, v, "expected switch priorities, each with its dscp");
	for (i = 0; i < v->n; i++) {
		const struct doc_node *e = v->items[i];
		int s;

		if (!numset_str(v->keys[i], 7, &set) || !e || e->type != DOC_MAP ||
		    !int_of(word(doc_get(e, "dscp")), 0, 63, &d)) {
			enum fc_rc rc = nvue_unparsed(g, v->key_lines[i], path, fc_sprintf(g->c->m->arena, "switch-priority %s", v->keys[i]),
					    NULL, "expected a switch priority and its dscp 0-63");

			if (rc != FC_OK)
				return rc;
			continue;
		}
		for (s = 0; s < 8; s++)
			if ((set >> s) & 1)
				fc_set_int(&p->sp_dscp[s], d, at(g, doc_key_line(e, "dscp")));
	}
	return FC_OK;
}

/* qos <kind>: {NAME: {settings}} */
static enum fc_rc profiles(struct nvue_cfg *g, enum nvue_pkind kind, const struct doc_node *v, unsigned line)
{
	struct fc_model *m = g->c->m;
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "qos", nvue_pkind_name(kind), v, "expected profiles by name");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i];
		const char *path = fc_sprintf(m->arena, "qos %s %s", nvue_pkind_name(kind), v->keys[i]);
		struct nvue_profile *p = nvue_profile(g->c, g->s, kind, v->keys[i], at(g, v->key_lines[i]), true);

		if (!p || !path)
			return FC_ERR_NOMEM;
		if (e && e->type != DOC_MAP && e->type != DOC_NULL) {
			rc = nvue_unparsed(g, v->key_lines[i], path, "", e, "expected the profile's settings");
			continue;
		}
		for (j = 0; e && e->type == DOC_MAP && j < e->n && rc == FC_OK; j++) {
			const char *k = e->keys[j];
			const struct doc_node *x = e->items[j];
			unsigned l = e->key_lines[j];

			switch (kind) {
			case NP_MAPPING: rc = mapping_key(g, p, path, k, x, l); break;
			case NP_PFC: case NP_PAUSE: rc = pfc_key(g, p, path, k, x, l); break;
			case NP_CC:
				if (!strcmp(k, "traffic-class"))
					rc = per_tc(g, p, path, x, l);
				else if (!strcmp(k, "mode"))
					rc = nvue_unparsed(g, l, path, k, x, "the profile-wide mode is read per traffic class "
									       "(ecn, red)");
				else
					rc = nvue_unparsed(g, l, path, k, x, NULL);
				break;
			case NP_SCHED:
				rc = !strcmp(k, "traffic-class") ? per_tc(g, p, path, x, l) : nvue_unparsed(g, l, path, k, x, NULL);
				break;
			case NP_REMARK: rc = remark_key(g, p, path, k, x, l); break;
			case NP_KINDS: break;
			}
		}
	}
	return rc;
}

/* qos egress-queue-mapping default-global switch-priority S traffic-class T */
static enum fc_rc egress_queue_mapping(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "qos", "egress-queue-mapping", v, "expected default-global");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i], *sp = e && e->type == DOC_MAP ? doc_get(e, "switch-priority") : NULL;

		if (strcmp(v->keys[i], NVUE_GLOBAL) || !sp || sp->type != DOC_MAP || e->n != 1) {
			rc = nvue_unparsed(g, v->key_lines[i], "qos egress-queue-mapping", v->keys[i], NULL,
					    "expected default-global switch-priority S traffic-class T");
			continue;
		}
		for (j = 0; j < sp->n && rc == FC_OK; j++) {
			const struct doc_node *x = sp->items[j];
			int64_t tc;
			uint64_t set;
			int s;

			if (!numset_str(sp->keys[j], 7, &set) || !x ||
			    x->type != DOC_MAP || !int_of(word(doc_get(x, "traffic-class")), 0, 7, &tc)) {
				rc = nvue_unparsed(g, sp->key_lines[j], "qos egress-queue-mapping default-global switch-priority",
						    sp->keys[j], NULL, "expected a switch priority and its traffic-class 0-7");
				continue;
			}
			for (s = 0; s < 8; s++)
				if ((set >> s) & 1)
					fc_set_int(&g->s->sp_tc[s], tc, at(g, doc_key_line(x, "traffic-class")));
		}
	}
	return rc;
}

/* qos traffic-pool NAME: switch-priority S..., memory-percent; the lossless pool's priorities */
static enum fc_rc traffic_pool(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "qos", "traffic-pool", v, "expected pools by name");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i];
		const char *path = fc_sprintf(g->c->m->arena, "qos traffic-pool %s", v->keys[i]);
		bool lossless = strstr(v->keys[i], "lossless") != NULL;

		for (j = 0; e && e->type == DOC_MAP && j < e->n && rc == FC_OK; j++) {
			uint64_t set;

			if (!strcmp(e->keys[j], "switch-priority")) {
				if (!numset_of(e->items[j], 7, &set))
					rc = nvue_unparsed(g, e->key_lines[j], path, e->keys[j], e->items[j], "expected switch priorities");
				else if (lossless)
					fc_set_int(&g->s->lossless_pool, (int64_t)set, at(g, e->key_lines[j]));
			} else if (!strcmp(e->keys[j], "memory-percent") || !strcmp(e->keys[j], "mode")) {
				continue;   /* the pool's share of the buffer: Spectrum sizes the rest */
			} else
				rc = nvue_unparsed(g, e->key_lines[j], path, e->keys[j], e->items[j], NULL);
		}
	}
	return rc;
}

static enum fc_rc roce(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	size_t i;
	enum fc_rc rc = FC_OK;

	if (v && v->type != DOC_MAP && v->type != DOC_NULL)
		return nvue_unparsed(g, line, "qos", "roce", v, "expected enable and mode");
	if (!g->s->roce.m.known)
		fc_set_bool(&g->s->roce, true, at(g, line));   /* `nv set qos roce`: on, lossless */
	for (i = 0; v && v->type == DOC_MAP && i < v->n && rc == FC_OK; i++) {
		const char *k = v->keys[i], *w = word(v->items[i]);
		unsigned l = v->key_lines[i];

		if (!strcmp(k, "enable") || !strcmp(k, "state")) {
			rc = onoff_into(g, v->items[i], l, "qos roce", k, &g->s->roce);
		} else if (!strcmp(k, "mode")) {
			if (!w || !in_list(w, (const char *const[]){ "lossless", "lossy", "lossless-single-ipool",
								       "lossy-multi-tc", NULL }))
				rc = nvue_unparsed(g, l, "qos roce", k, v->items[i],
					 "expected lossless, lossy, lossless-single-ipool or lossy-multi-tc");
			else
				fc_set_str(g->c->m, &g->s->roce_mode, w, at(g, l));
		} else
			rc = nvue_unparsed(g, l, "qos roce", k, v->items[i], NULL);
	}
	return rc;
}

enum fc_rc nvue_cfg_qos(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	size_t i;
	int k;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "", "qos", v, "expected qos settings");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const char *key = v->keys[i];
		unsigned l = v->key_lines[i];

		for (k = 0; k < NP_KINDS && strcmp(key, nvue_pkind_name((enum nvue_pkind)k)); k++)
			;
		if (k < NP_KINDS)
			rc = profiles(g, (enum nvue_pkind)k, v->items[i], l);
		else if (!strcmp(key, "roce"))
			rc = roce(g, v->items[i], l);
		else if (!strcmp(key, "egress-queue-mapping"))
			rc = egress_queue_mapping(g, v->items[i], l);
		else if (!strcmp(key, "traffic-pool"))
			rc = traffic_pool(g, v->items[i], l);
		else if (!strcmp(key, "pfc-watchdog") || !strcmp(key, "egress-shaper"))
			continue;   /* the watchdog's timers; shaping caps a rate, and decides no class */
		else if (!strcmp(key, "advance-buffer-config"))
			rc = nvue_unparsed(g, l, "qos", key, NULL, "buffer pools and priority groups set by hand are not "
								  "modelled: the ingress buffer is taken as NVUE's own sizing");
		else
			rc = nvue_unparsed(g, l, "qos", key, v->items[i], NULL);
	}
	return rc;
}

/* --- ACLs -------------------------------------------------------------------------------------- */

/* A port value as ace.c's words: "4791", "1000:2000" or "1000-2000" (a range), "ANY" (none). */
static bool port_words(const char *p, char **w, size_t *n, char *lo, char *hi, size_t size)
{
	static char eq[] = "eq", range[] = "range";

	const char *sep = strpbrk(p, ":-");

	if (!strcasecmp(p, "ANY"))
		return true;
	if (!sep) {
		snprintf(lo, size, "%s", p);
		w[(*n)++] = eq;
		w[(*n)++] = lo;
		return true;
	}
	snprintf(lo, size, "%.*s", (int)(sep - p), p);
	snprintf(hi, size, "%s", sep + 1);
	w[(*n)++] = range;
	w[(*n)++] = lo;
	w[(*n)++] = hi;
	return true;
}

static const char *addr_word(const char *a)
{
	return !a || !strcasecmp(a, "ANY") ? "any" : a;
}

/* A copy of s in the arena, as ace.c's words are (char *). */
static char *wd(struct fc_model *m, const char *s)
{
	return fc_strdup(m->arena, s);
}

/* One rule: an entry per source and destination port value (a collection names several). */
static enum fc_rc acl_rule(struct nvue_cfg *g, struct fc_acl **aclp, const char *acl_name, const char *seq,
			   const struct doc_node *r, unsigned line)
{
	struct fc_model *m = g->c->m;
	const char *path = fc_sprintf(m->arena, "acl %s rule %s", acl_name, seq);
	const struct doc_node *act = r && r->type == DOC_MAP ? doc_get(r, "action") : NULL;
	const struct doc_node *match = r && r->type == DOC_MAP ? doc_get(r, "match") : NULL;
	const struct doc_node *ip = match && match->type == DOC_MAP ? doc_get(match, "ip") : NULL;
	const char *action = word(act), *proto = "ip", *sip = NULL, *dip = NULL, *dscp = NULL;
	const struct doc_node *sports = NULL, *dports = NULL;
	static const char *const one_any[] = { "ANY" };
	size_t i, j, a, b, q, ns, nd;

	if (!path)
		return FC_ERR_NOMEM;
	if (!r || r->type != DOC_MAP || !action || (strcmp(action, "permit") && strcmp(action, "deny")))
		return nvue_unparsed(g, line, "", path, NULL, "expected an action permit or deny");
	for (i = 0; i < r->n; i++)
		if (strcmp(r->keys[i], "action") && strcmp(r->keys[i], "match") && strcmp(r->keys[i], "remark"))
			return nvue_unparsed(g, r->key_lines[i], path, r->keys[i], r->items[i], "the rule is not read");
	if (match && (match->type != DOC_MAP || (match->n && !ip) || match->n > 1))
		return nvue_unparsed(g, line, path, "match", NULL, "only match ip is read: the rule is not read");
	for (i = 0; ip && ip->type == DOC_MAP && i < ip->n; i++) {
		const char *k = ip->keys[i];
		const struct doc_node *x = ip->items[i];

		if (!strcmp(k, "protocol") && word(x))
			proto = word(x);
		else if (!strcmp(k, "source-ip") && word(x))
			sip = word(x);
		else if (!strcmp(k, "dest-ip") && word(x))
			dip = word(x);
		else if (!strcmp(k, "dscp") && word(x))
			dscp = word(x);
		else if ((!strcmp(k, "udp") || !strcmp(k, "tcp")) && x && x->type == DOC_MAP) {
			for (j = 0; j < x->n; j++)
				if (!strcmp(x->keys[j], "source-port"))
					sports = x->items[j];
				else if (!strcmp(x->keys[j], "dest-port"))
					dports = x->items[j];
				else
					return nvue_unparsed(g, x->key_lines[j], path, x->keys[j], x->items[j], "the rule is not read");
		} else if (!strcmp(k, "source-port"))
			sports = x;
		else if (!strcmp(k, "dest-port"))
			dports = x;
		else
			return nvue_unparsed(g, ip->key_lines[i], path, k, x, "the rule is not read");
	}
	ns = sports && sports->type == DOC_MAP ? sports->n : 1;
	nd = dports && dports->type == DOC_MAP ? dports->n : 1;
	for (a = 0; a < ns; a++)
		for (b = 0; b < nd; b++) {
			const char *sp = sports ? (sports->type == DOC_MAP ? sports->keys[a] : word(sports)) : one_any[0];
			const char *dp = dports ? (dports->type == DOC_MAP ? dports->keys[b] : word(dports)) : one_any[0];
			char *w[16], sl[16], sh[16], dl[16], dh[16];
			size_t n = 0;
			bool understood;
			enum fc_rc rc;
			char *text;

			if (!sp || !dp)
				return nvue_unparsed(g, line, path, "port", NULL, "expected port numbers: the rule is not read");
			w[n++] = wd(m, seq);
			w[n++] = wd(m, action);
			w[n++] = wd(m, proto);
			w[n++] = wd(m, addr_word(sip));
			port_words(sp, w, &n, sl, sh, sizeof(sl));
			w[n++] = wd(m, addr_word(dip));
			port_words(dp, w, &n, dl, dh, sizeof(dl));
			if (dscp) {
				w[n++] = wd(m, "dscp");
				w[n++] = wd(m, dscp);
			}
			for (q = 0; q < n; q++)
				if (!w[q])
					return FC_ERR_NOMEM;
			text = fc_sprintf(m->arena, "%s: %s %s %s%s%s -> %s%s%s%s%s", path, action, proto, addr_word(sip),
					  strcasecmp(sp, "ANY") ? " port " : "", strcasecmp(sp, "ANY") ? sp : "", addr_word(dip),
					  strcasecmp(dp, "ANY") ? " port " : "", strcasecmp(dp, "ANY") ? dp : "",
					  dscp ? " dscp " : "", dscp ? dscp : "");
			if (!text)
				return FC_ERR_NOMEM;
			/* the entry is at the rule's line, or at the port value that decides it */
			if ((rc = fc_acl_append(m, *aclp, w, n, text, strlen(text),
						at(g, dports && dports->type == DOC_MAP ? dports->key_lines[b]
						   : sports && sports->type == DOC_MAP ? sports->key_lines[a] : line),
						&understood)) != FC_OK)
				return rc;
			if (!understood)
				return nvue_unparsed(g, line, path, "", NULL, "the match is not understood: the rule is not read");
		}
	return FC_OK;
}

/* acl NAME: type, rule N {...}. NVUE installs an ACL as iptables rules in a chain whose policy is
 * ACCEPT: no rule matches, the packet is accepted (no implicit deny, unlike NX-OS and EOS), which
 * the ACL's last entry, one the configuration does not write, says. */
enum fc_rc nvue_cfg_acls(struct nvue_cfg *g, const struct doc_node *v, unsigned line)
{
	struct fc_model *m = g->c->m;
	size_t i, j;
	enum fc_rc rc = FC_OK;

	if (!v || v->type != DOC_MAP)
		return nvue_unparsed(g, line, "", "acl", v, "expected ACLs by name");
	for (i = 0; i < v->n && rc == FC_OK; i++) {
		const struct doc_node *e = v->items[i], *rules = e && e->type == DOC_MAP ? doc_get(e, "rule") : NULL;
		const char *type = e && e->type == DOC_MAP ? word(doc_get(e, "type")) : NULL;
		struct fc_src src = at(g, v->key_lines[i]);
		struct fc_acl *acl;
		struct fc_ace last;
		bool created;

		if (type && strcmp(type, "ipv4") && strcmp(type, "ipv6"))
			continue;   /* a mac ACL matches no IP traffic */
		if (!(acl = fc_dev_acl(m, g->c->dev, v->keys[i], src, &created)))
			return FC_ERR_NOMEM;
		for (j = 0; e && e->type == DOC_MAP && j < e->n && rc == FC_OK; j++)
			if (strcmp(e->keys[j], "rule") && strcmp(e->keys[j], "type"))
				rc = nvue_unparsed(g, e->key_lines[j], fc_sprintf(m->arena, "acl %s", v->keys[i]), e->keys[j],
						    e->items[j], NULL);
		for (j = 0; rules && rules->type == DOC_MAP && j < rules->n && rc == FC_OK; j++) {
			int64_t seq;

			if (!int_of(rules->keys[j], 0, 4294967295LL, &seq)) {
				rc = nvue_unparsed(g, rules->key_lines[j], fc_sprintf(m->arena, "acl %s rule", v->keys[i]),
						    rules->keys[j], NULL, "expected a rule number");
				continue;
			}
			rc = acl_rule(g, &acl, acl->name, rules->keys[j], rules->items[j], rules->key_lines[j]);
		}
		if (rc != FC_OK)
			return rc;
		memset(&last, 0, sizeof(last));
		last.seq = acl->n ? acl->aces[acl->n - 1].seq + 1 : 1;
		last.permit = true;
		last.proto = -1;
		last.src.any = last.dst.any = true;
		last.dscp = -1;
		last.text = "(not in the configuration) NVUE's ACL chain accepts what no rule matches: no implicit deny";
		last.loc = src;
		if (!(acl->aces = fc_grow(m->arena, acl->aces, acl->n, &acl->cap, sizeof(*acl->aces))))
			return FC_ERR_NOMEM;
		acl->aces[acl->n++] = last;
	}
	return rc;
}

/* --- nv show acl ------------------------------------------------------------------------------ */

/* Whether two entries match the same packets alike (their text and line aside). */
static bool same_ace(const struct fc_ace *a, const struct fc_ace *b)
{
	return a->seq == b->seq && a->permit == b->permit && a->remark == b->remark && a->proto == b->proto &&
	       !memcmp(&a->src, &b->src, sizeof(a->src)) && !memcmp(&a->dst, &b->dst, sizeof(a->dst)) &&
	       !memcmp(&a->sport, &b->sport, sizeof(a->sport)) && !memcmp(&a->dport, &b->dport, sizeof(a->dport)) &&
	       a->dscp == b->dscp;
}

/* The ACLs as they run (`nv show acl -o json`, the configuration's syntax). Where the configuration
 * gave an ACL the same entries, its lines are kept (the line a user changes); where they differ, the
 * running entries stand and the difference is a conflict of the device. */
enum fc_rc nvue_json_acl(struct fc_parse_ctx *c, const struct doc *d, const struct doc_node *b)
{
	struct nvue_cfg g = { c, nvue_state(c) };
	struct was { struct fc_ace *aces; size_t n, cap; struct fc_src src; bool had; } *was;
	size_t i, k;
	enum fc_rc rc;

	(void)d;
	if (!g.s)
		return FC_ERR_NOMEM;
	if (!b || b->type != DOC_MAP)
		return fc_err_set(c->err, FC_ERR_INPUT, c->file, b ? b->line : 1,
				  "expected the object of nv show acl -o json: ACLs by name");
	if (!(was = fc_alloc(c->m->arena, (b->n + 1) * sizeof(*was))))
		return FC_ERR_NOMEM;
	for (i = 0; i < b->n; i++) {
		bool created;
		struct fc_acl *acl = fc_dev_acl(c->m, c->dev, b->keys[i], at(&g, b->key_lines[i]), &created);

		if (!acl)
			return FC_ERR_NOMEM;
		if (!created)
			was[i] = (struct was){ acl->aces, acl->n, acl->cap, acl->src, true };
		acl->aces = NULL, acl->n = acl->cap = 0;
		acl->src = at(&g, b->key_lines[i]);
	}
	if ((rc = nvue_cfg_acls(&g, b, b->line)) != FC_OK)
		return rc;
	for (i = 0; i < b->n; i++) {
		bool created, same;
		struct fc_acl *acl;

		if (!was[i].had || !(acl = fc_dev_acl(c->m, c->dev, b->keys[i], at(&g, b->key_lines[i]), &created)))
			continue;
		same = acl->n == was[i].n;
		for (k = 0; same && k < acl->n; k++)
			same = same_ace(&acl->aces[k], &was[i].aces[k]);
		if (same) {
			acl->aces = was[i].aces, acl->n = was[i].n, acl->cap = was[i].cap, acl->src = was[i].src;
			continue;
		}
		if ((rc = fc_dev_add_conflict(c->m, c->dev, NULL, fc_sprintf(c->m->arena, "acl %s", acl->name),
					      "the entries nv show acl shows", acl->src, "the configuration's entries",
					      was[i].src)) != FC_OK)
			return rc;
	}
	return FC_OK;
}
