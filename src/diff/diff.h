/* SPDX-License-Identifier: MIT */
/* fabcheck diff: two judgements of one fabric compared. Each side is a snapshot judged now or a
 * JSON report judged earlier. Findings are keyed by rule and subject (the subject is stable: a
 * link's two ends, a device, a fleet key) and classed new, regressed, resolved, improved or
 * unchanged; between two snapshots the model values the rules read are compared too. An expect
 * file declares the planned changes: what it explains does not fail the diff, what it declares
 * and did not happen does. */
#ifndef FC_DIFF_H
#define FC_DIFF_H

#include <stdio.h>

#include "engine/engine.h"
#include "util/err.h"

enum fc_dclass { FC_D_NEW, FC_D_REGRESSED, FC_D_RESOLVED, FC_D_IMPROVED, FC_D_UNCHANGED, FC_D_COUNT };
extern const char *const fc_dclass_name[FC_D_COUNT];

/* One finding as a diff sees it. rank: 0 pass or waived, 1 unknown, 2 warn, 3 + severity fail. */
struct fc_dfind {
	const char *rule, *subject, *status, *sev, *message;
	int rank;
};

struct fc_dside {
	const char *path;
	const char *tool_version, *catalog, *profile;   /* catalog: fc_policy_catalog's string */
	const char *fabric;                 /* the inventory's fabric name, or NULL */
	struct fc_dfind *f;
	size_t n;
	const char **devs;                  /* device names */
	size_t ndevs;
	const struct fc_model *m;           /* a snapshot's model; NULL for a JSON report */
	size_t incomplete, input_errors;    /* devices not collected or without data; outputs not parsed */
	bool over_time_skipped;             /* the rules judging a --baseline pair were left out */
	struct fc_arena *a;                 /* owns f, devs and a report's strings */
};

/* A side from findings just judged (strings point into e, m and p: keep them). skip_over_time
 * leaves out the rules that judge a --baseline pair (struct fc_rule.over_time). */
enum fc_rc fc_dside_from_engine(struct fc_dside *s, const char *path, const char *fabric, const struct fc_engine *e,
				const struct fc_model *m, const struct fc_policy *p, size_t incomplete,
				size_t input_errors, bool skip_over_time);
/* A side from a JSON report written by validate --format json; errors name file:line. */
enum fc_rc fc_dside_from_report(struct fc_dside *s, const char *path, struct fc_err *err);
/* The same from a report in memory (path names it in errors): the fuzz harness's entry. */
enum fc_rc fc_dside_from_report_text(struct fc_dside *s, const char *path, const char *text, size_t len,
				     struct fc_err *err);
void fc_dside_free(struct fc_dside *s);

struct fc_expect_item {
	const char *rule, *subject, *field;   /* fnmatch(3) patterns; NULL: any */
	const char *change;                   /* a class name, "changed" (a value) or NULL: any */
	const char *reason;
	const char *file;
	unsigned line;
	size_t matched;
};

struct fc_expect {
	struct fc_arena *a;
	struct fc_expect_item *v;
	size_t n;
};

/* Loads an expect file (YAML or JSON): expect: [ {rule, subject, field, change, reason} ]. */
enum fc_rc fc_expect_load(const char *path, struct fc_expect **out, struct fc_err *err);
enum fc_rc fc_expect_parse(const char *path, const char *text, size_t len, struct fc_expect **out, struct fc_err *err);
void fc_expect_free(struct fc_expect **x);

struct fc_dentry {
	enum fc_dclass cls;
	const struct fc_dfind *old, *cur;   /* NULL on the side where it is absent */
	const struct fc_expect_item *why;   /* the declaration that explains it, or NULL */
};

struct fc_dvalue {
	const char *subject, *field, *before, *after;
	const struct fc_expect_item *why;
};

struct fc_diff {
	struct fc_arena *a;
	const struct fc_dside *old, *cur;
	struct fc_dentry *e;                /* not-passing on a side, in class then key order */
	size_t ne;
	size_t count[FC_D_COUNT], unexplained[FC_D_COUNT];
	size_t pass_both;                   /* passing on both sides, not listed */
	bool values;                        /* both sides are snapshots: model values compared */
	struct fc_dvalue *v;
	size_t nv, v_unexplained;
	struct fc_expect *expect;           /* NULL: none given */
	size_t unmet;                       /* declarations nothing matched */
	const char *warn[4];                /* the sides judged differently (catalog, version, profile) */
	size_t nwarn;
	int exit_code;                      /* 0, 1 new/regressed/unexplained/unmet, 3 a side incomplete */
};

/* Compares; expect may be NULL (not owned). Refuses (FC_ERR_USAGE) two sides with no device in common. */
enum fc_rc fc_diff_build(const struct fc_dside *old, const struct fc_dside *cur, struct fc_expect *expect,
			 struct fc_diff **out, struct fc_err *err);
void fc_diff_free(struct fc_diff **d);

/* diff_values.c: the model values the rules read, before and after, appended to d. */
enum fc_rc fc_diff_values(struct fc_diff *d, const struct fc_model *old, const struct fc_model *cur);

/* diff_report.c: writes d as text, json, markdown or html; FC_ERR_USAGE for another name. */
bool fc_diff_format_known(const char *name);
enum fc_rc fc_diff_write(const struct fc_diff *d, const char *format, FILE *out);

#endif
