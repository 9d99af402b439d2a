/* SPDX-License-Identifier: MIT */
/* The rule engine: rules (one explicit registry), policy (profile + overrides), findings. A rule
 * whose inputs are unknown reports UNKNOWN with the reason, never PASS. */
#ifndef FC_ENGINE_H
#define FC_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/counters.h"
#include "model/model.h"

enum fc_sev { FC_SEV_INFO, FC_SEV_LOW, FC_SEV_MEDIUM, FC_SEV_HIGH, FC_SEV_CRITICAL };
/* WARN: a deviation that does not break the fabric by itself (the catalog's WARN conditions); it
 * is reported and counted, and does not decide the exit code. */
/* FC_NA: not applicable: the rule judges what only a running device reports (counters, LLDP, the
 * module's EEPROM and DOM, a host's runtime state) and every device it concerns is a configuration
 * or declared intent (a config repository): counted apart from UNKNOWN, never a pass. */
enum fc_status { FC_PASS, FC_FAIL, FC_UNKNOWN, FC_WARN, FC_NA };
enum fc_scope { FC_SCOPE_LINK, FC_SCOPE_DEVICE, FC_SCOPE_FLEET };
/* What of a link a rule judges: the column of the reports' link matrix its findings mark. */
enum fc_aspect { FC_ASPECT_OTHER, FC_ASPECT_L1, FC_ASPECT_FEC, FC_ASPECT_MTU, FC_ASPECT_PFC, FC_ASPECT_TRUST,
		 FC_ASPECT_ECN, FC_ASPECT_HEADROOM, FC_ASPECT_OPTICS, FC_ASPECT_ACL, FC_ASPECT_CABLING,
		 FC_ASPECT_COUNT };

/* An evidence item the reports read: a headroom rule's "HAVE B / NEED B" for one end. */
#define FC_EV_HEADROOM "headroom have / need"

struct fc_evidence {
	const char *end;      /* which end or object: "leaf1:Ethernet1/1", "host1", "policy" */
	const char *what;     /* attribute, e.g. "speed" */
	const char *value;    /* rendered value, or "unknown: <reason>" */
	struct fc_src src;
};

/* A waiver (waiver.c, docs/waivers.md): strings in the waivers' arena. */
struct fc_waiver {
	const char *rule;      /* a rule id or "*" */
	const char *subject;   /* fnmatch(3) pattern on finding subjects */
	const char *reason, *owner;
	const char *expires;   /* YYYY-MM-DD, the last day it holds */
	const char *file;
	unsigned line;
	bool expired;
	size_t matched;        /* findings it waived */
};

struct fc_waivers {
	struct fc_arena *arena;   /* owns v and its strings */
	struct fc_waiver *v;
	size_t n;
};

/* 72 bytes: a fleet run holds millions (8.7 million at 4,000 leaves). */
/* A root cause several findings share: one ACL, one buffer profile, one policy, configured on dev.
 * Findings of one rule and status with the same cause are one group in the reports people read
 * (fold.c); JSON names it on each. */
struct fc_cause {
	const struct fc_device *dev;
	const char *text;   /* "ACL EDGE_IN denies UDP 4791", naming the object, not the port */
};

/* A finding against a report of the same fabric judged earlier (validate --baseline-report): a
 * change is judged on what it adds, not on the fabric's history. */
enum fc_bstate {
	FC_B_NONE,       /* no earlier report given, or the finding passes */
	FC_B_NEW,        /* not in the earlier report, or passing there */
	FC_B_REGRESSED,  /* there, and worse now (warn to fail, a higher severity) */
	FC_B_EXISTING,   /* there, as bad or worse then */
};

struct fc_finding {
	const struct fc_rule *rule;
	enum fc_status status : 8;
	enum fc_sev sev : 8;
	enum fc_scope scope : 8;
	enum fc_bstate base : 8;   /* set by the caller after the engine has run */
	bool waived;
	uint32_t nmanaged;     /* evidence lines that are a platform-managed unknown (fc_meta.managed) */
	const struct fc_device *managed;   /* the device of the first of them */
	uint32_t nev, ev_cap;
	const char *subject;   /* stable: link "a:if <-> b:if", device name, or a fleet key ("GID ::ffff:a.b.c.d") */
	const char *message;
	struct fc_evidence *ev;   /* nev of them, room for ev_cap */
	const struct fc_link *link;
	const struct fc_device *dev;
	const struct fc_waiver *waiver;   /* the waiver that matched, when waived */
	const struct fc_cause *cause;     /* the root cause it shares with others, or NULL */
};

enum fc_param_type { FC_PARAM_INT, FC_PARAM_DBL, FC_PARAM_STR };

/* A rule's parameter, declared once: its type and either a range or the values it may take.
 * Policy files are checked against it (an integer is an integer: 18.0 is refused), and so is the
 * default (a test walks them all). */
struct fc_rule_param {
	const char *key;
	enum fc_param_type type;
	const char *def;       /* default, as text; "" = unset */
	const char *doc;       /* one line, with the evidence tag [S]/[B]/[P] */
	double min, max;       /* FC_PARAM_INT and FC_PARAM_DBL: the range, both ends included */
	const char *choices;   /* else: the values allowed, space-separated (required for FC_PARAM_STR) */
};

/* Whether v is a value p takes; false with what was expected in err (naming no file). */
bool fc_param_check(const struct fc_rule_param *p, const char *v, struct fc_err *err);

struct fc_rctx;

struct fc_rule {
	/* required: stable id, e.g. "GID-DUP" */
	const char *id;
	/* optional: an earlier id the rule still answers to in policies, waivers, --rule and explain */
	const char *alias;
	/* (its title, summary, remediation and sources are its page's front matter: fc_ruledocs) */
	/* required: default severity of a FAIL (profiles may change it) */
	enum fc_sev severity;
	/* required: what the engine iterates for this rule */
	enum fc_scope scope;
	/* optional: what of a link it judges (the link matrix column its findings mark) */
	enum fc_aspect aspect;
	/* required: the inputs it reads on each end, for explain and the docs */
	const char *inputs;
	/* required: tunable parameters, ended by an entry with key == NULL */
	const struct fc_rule_param *params;
	/* required (0 for a rule that reads no device): what it reads of a switch's and of a host's
	 * model (FC_CAP_*), for explain and the capability test (tests/unit/test_caps.c) */
	unsigned reads_switch, reads_host;
	/* optional: the part of what it reads it cannot judge without (FC_CAP_*): where a device's
	 * adapter cannot provide it, the engine reports one UNKNOWN instead of running the rule */
	unsigned needs_switch, needs_host;
	/* required: runs once per link, per device, or once for the fleet (rctx says which) */
	void (*run)(struct fc_rctx *c);
	/* optional: it judges counters between the --baseline snapshot and this one (a pair, not one
	 * snapshot): comparing its findings with an earlier run's means nothing */
	bool over_time;
	/* with over_time: the named counters (a port's statistics, an RDMA port's hw_counters) it
	 * compares, NULL-terminated; of the earlier snapshot only these are kept (fc_load_opts) */
	const char *const *counters;
	/* optional: it judges state only a running device reports (counters, LLDP neighbours, the
	 * module's EEPROM and DOM, RDMA and host runtime state): where every device a finding of it
	 * concerns is configuration or declared intent only (no collected output), its UNKNOWN is
	 * FC_NA, said so; what the configuration or intent does state is still judged */
	bool live;
	/* optional: a fleet rule run after the waivers are applied (at most one: WAIVER-EXPIRED) */
	bool after_waivers;
};

/* What a rule sees while it runs. */
struct fc_rctx {
	const struct fc_model *m;
	const struct fc_rule *rule;
	const struct fc_link *link;       /* FC_SCOPE_LINK */
	const struct fc_device *dev;      /* FC_SCOPE_DEVICE */
	struct fc_engine *eng;
	const struct fc_counters *base;   /* --baseline: an earlier snapshot's counters; NULL if none */
};

/* --- rule lists -------------------------------------------------------------------------- */
/* The engine knows no registry: it is given its rules (NULL-terminated, the caller's order),
 * through the policy built for them. The rule of rules whose id or earlier id (alias) is id. */
const struct fc_rule *fc_rules_find(const struct fc_rule *const *rules, const char *id);
const char *fc_sev_name(enum fc_sev s);
bool fc_sev_parse(const char *s, enum fc_sev *out);
const char *fc_status_name(enum fc_status s);

/* --- rule metadata (ruledoc.c): the front matter of rules/docs/<ID>.md ----------------------- */
struct fc_ruledoc {
	const char *title, *summary, *remediation, *sources;
	const char *body;     /* the page after its front matter */
};
struct fc_ruledocs;
/* Reads every registered rule's page under rules_dir/docs; an error names the page and line (a
 * page missing, no front matter, a key missing or unknown, an id that is not the file's). */
enum fc_rc fc_ruledocs_load(const char *rules_dir, const struct fc_rule *const *rules, struct fc_ruledocs **out,
			    struct fc_err *err);
void fc_ruledocs_free(struct fc_ruledocs **ds);
/* The rule's metadata, or NULL (ds NULL). */
const struct fc_ruledoc *fc_ruledoc_of(const struct fc_ruledocs *ds, const struct fc_rule *r);
/* Its title; the id when ds is NULL. */
const char *fc_rule_title(const struct fc_ruledocs *ds, const struct fc_rule *r);

/* --- policy ------------------------------------------------------------------------------ */
struct fc_policy;
/* Loads rules_dir/profiles/<profile>.yaml, then user_file (may be NULL) on top. profile may be
 * NULL: the user file's or else "lossless_dcqcn". */
enum fc_rc fc_policy_load(const char *rules_dir, const char *profile, const char *user_file,
			  const struct fc_rule *const *rules, struct fc_policy **out, struct fc_err *err);
/* The rules the policy was built for: what the engine runs and the reports list. */
const struct fc_rule *const *fc_policy_rules(const struct fc_policy *p);
void fc_policy_free(struct fc_policy **p);
const char *fc_policy_profile(const struct fc_policy *p);
/* The rule catalog that judged, as "N rules, digest": the rules, whether each is on, its severity
 * and every parameter's value. Two runs with the same string were judged alike. */
const char *fc_policy_catalog(const struct fc_policy *p, char *buf, size_t size);
bool fc_policy_enabled(const struct fc_policy *p, const struct fc_rule *r);
enum fc_sev fc_policy_severity(const struct fc_policy *p, const struct fc_rule *r);
/* Parameter value as text (the default when not overridden), and where it was set. */
const char *fc_policy_param(const struct fc_policy *p, const struct fc_rule *r, const char *key,
			    struct fc_src *where);

/* --- engine ------------------------------------------------------------------------------ */
struct fc_engine {
	struct fc_arena *arena;          /* owns the findings */
	struct fc_arena *ev_arena;       /* owns the evidence arrays only: a finding's grow in place */
	const struct fc_policy *policy;
	struct fc_finding **findings;    /* malloc'd (fc_engine_free frees it); the findings in arena */
	size_t n, cap;
	bool oom;
	const char *oom_rule;            /* the rule that ran out of memory */
	/* the arenas of the second thread's engine, whose findings were merged into these */
	struct fc_arena *side_arena, *side_ev_arena;
	const struct fc_waivers *waivers;   /* NULL: none given */
	bool pass_evidence;
	/* per link of the model: its subject and end names, interned once (3 per link, in the arena) */
	const struct fc_link *links;
	const char **link_names;
	size_t nlinks;
};

struct fc_engine_opts {
	const struct fc_counters *base;  /* an earlier snapshot's counters: the counter rules judge
					  * what changed between the two; NULL: none */
	const struct fc_waivers *waivers;/* NULL: none */
	const char *only_rule;           /* NULL: every rule the policy enables */
	bool pass_evidence;              /* keep the evidence of passing findings (a report prints it);
					  * false gives it back after each rule call: a fleet's passing
					  * findings are nine in ten, and their evidence hundreds of MB */
};

/* Runs every enabled rule over the model; findings sorted by subject then rule id, then the
 * waivers applied. */
enum fc_rc fc_engine_run(struct fc_engine *e, const struct fc_model *m, const struct fc_policy *p,
			 const struct fc_engine_opts *o, struct fc_err *err);

/* --- waivers ------------------------------------------------------------------------------ */
/* Loads a waivers file (YAML or JSON); today is YYYY-MM-DD (UTC). Errors name file:line. */
enum fc_rc fc_waivers_load(const char *path, const char *today, const struct fc_rule *const *rules,
			   struct fc_waivers **out, struct fc_err *err);
void fc_waivers_free(struct fc_waivers **w);
/* Marks the FAIL and UNKNOWN findings a live waiver matches (the first match wins). */
void fc_waivers_apply(struct fc_engine *e, const struct fc_waivers *w);
void fc_engine_free(struct fc_engine *e);

/* --- for rules ----------------------------------------------------------------------------- */
struct fc_finding *fc_finding_new(struct fc_rctx *c, enum fc_status st, const char *subject, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Names the root cause of f: an object of device d's configuration that decides it (fc_cause). */
void fc_finding_cause(struct fc_rctx *c, struct fc_finding *f, const struct fc_device *d, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void fc_finding_set_message(struct fc_rctx *c, struct fc_finding *f, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Evidence line: end, what and the formatted value are copied (interned) into the engine. */
void fc_ev(struct fc_rctx *c, struct fc_finding *f, const char *end, const char *what, const struct fc_src *src,
	   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Whether a passing finding's evidence is kept (a report prints it): a rule that never turns a
 * pass into anything else may leave it out otherwise (the engine drops it after the rule). */
bool fc_pass_evidence_kept(const struct fc_rctx *c);
/* Evidence line for an unknown value: "unknown: <reason>". */
void fc_ev_unknown(struct fc_rctx *c, struct fc_finding *f, const char *end, const char *what,
		   const struct fc_meta *m);
int64_t fc_param_int(struct fc_rctx *c, const char *key, bool *set);
double fc_param_dbl(struct fc_rctx *c, const char *key, bool *set);
/* A string parameter's value (the policy's, else the rule's default); "" when unset. */
const char *fc_param_str(struct fc_rctx *c, const char *key);
/* A formatted string interned in the engine arena: subjects, end names and values repeat across
 * rules and findings, and a fleet has millions of them. Equal strings are one pointer. */
const char *fc_rstr(struct fc_rctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "leaf1:Ethernet1/1" for an endpoint, interned in the engine arena. */
const char *fc_end_name(struct fc_rctx *c, const struct fc_endpoint *e);
const char *fc_link_subject(struct fc_rctx *c, const struct fc_link *l);

#endif
