/* SPDX-License-Identifier: MIT */
/* Reporters: one interface (begin run, device, finding, end), one file per format. The core walks
 * the results once and knows nothing of formats. Every op returns a status; the driver checks
 * ferror()/fflush() at the end. */
#ifndef FC_REPORT_H
#define FC_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/engine.h"
#include "util/buf.h"

struct fc_summary {
	size_t pass, fail, unknown, waived, warn;
	size_t na;            /* not applicable: needs a running device, the input is configuration or intent */
	size_t fail_by_sev[FC_SEV_CRITICAL + 1];
	size_t devices, devices_incomplete, input_errors;
	size_t not_understood;       /* input lines read but not understood, on every device */
	size_t devices_not_understood;
	int exit_code;
	enum fc_sev fail_on;
	bool fail_on_not_understood; /* --fail-on ...,not-understood: such a line fails the run (exit 1) */
};

/* The id every format files a not-understood input line under (SARIF's rule, JUnit's suite, CSV's
 * rule column, a Prometheus series): not a rule, the input's own finding. */
#define FC_NOT_UNDERSTOOD_ID "NOT-UNDERSTOOD"

struct fc_report_run {
	const struct fc_model *m;
	const struct fc_policy *policy;
	const struct fc_ruledocs *docs;   /* titles, summaries, remediation; NULL: ids stand in */
	const char *target;
	const char *fabric;  /* the inventory's fabric name, or NULL */
	bool color;          /* text only: ANSI colours (a terminal, NO_COLOR unset) */
	bool verbose;        /* text only: evidence for passing findings too */
	const struct fc_diff *changes;   /* html: what changed since the --baseline snapshot; NULL: none */
};

struct fc_reporter {
	/* required: the --format name */
	const char *name;
	/* required: what it writes, for --help */
	const char *desc;
	/* whether it prints the evidence of passing findings (else the engine need not keep it) */
	bool pass_evidence;
	/* ... or only for a fabric of at most this many links (0: as pass_evidence says) */
	size_t pass_evidence_links;
	/* required: allocates the reporter's state into *st; on failure frees what it allocated */
	enum fc_rc (*begin)(FILE *out, const struct fc_report_run *run, void **st);
	/* required: one call per device of the model, in model order */
	enum fc_rc (*device)(void *st, const struct fc_device *d);
	/* required: one call per finding, sorted by subject then rule */
	enum fc_rc (*finding)(void *st, const struct fc_finding *f);
	/* required: writes what was buffered and frees the state, also after an error */
	enum fc_rc (*end)(void *st, const struct fc_summary *s);
	/* optional: a second state that writes findings as st would after its first, into out
	 * (a memory stream): with it, a fleet's findings are formatted on two threads at once
	 * (fc_report_emit). It only reads st. NULL when out of memory. */
	void *(*fork)(const void *st, FILE *out);
	/* required with fork: frees a fork's state; FC_ERR_IO when one of its writes failed */
	enum fc_rc (*unfork)(void *fst);
};

const struct fc_reporter *const *fc_reporter_list(void);
const struct fc_reporter *fc_reporter_find(const char *name);

/* Walks the model and the findings through one reporter, then checks the stream. A reporter
 * with fork() and more than a few chunks of findings has every other chunk formatted on a
 * second thread into memory, written in order: the output is byte for byte the one thread's. */
enum fc_rc fc_report_emit(const struct fc_reporter *r, FILE *out, const struct fc_report_run *run,
			  const struct fc_engine *e, const struct fc_summary *s, struct fc_err *err);
#define FC_REPORT_CHUNK 4096   /* findings per chunk */
/* The same with chunks of chunk findings; 0: on one thread (tests compare the two). */
enum fc_rc fc_report_emit_chunked(const struct fc_reporter *r, FILE *out, const struct fc_report_run *run,
				  const struct fc_engine *e, const struct fc_summary *s, size_t chunk,
				  struct fc_err *err);

/* fold.c: UNKNOWN findings (not waived) grouped by rule and reason, in order of first appearance. */
struct fc_fold {
	size_t n;
	const struct fc_finding *ex[3];   /* the first three */
};
struct fc_folds {
	struct fc_arena *a;
	struct fc_hmap *h;
	struct fc_fold **g;
	size_t n;
};
bool fc_foldable(const struct fc_finding *f);
/* false when out of memory (fs is then freed with fc_folds_free as usual). */
bool fc_folds_build(struct fc_folds *fs, const struct fc_finding *const *v, size_t n);
/* The group of f, or NULL for a finding that is no UNKNOWN. */
const struct fc_fold *fc_fold_of(const struct fc_folds *fs, const struct fc_finding *f);
void fc_folds_free(struct fc_folds *fs);

/* fold.c: FAIL and WARN findings (not waived) that share a root cause (fc_finding.cause), grouped
 * by rule, status and cause, in order of first appearance: one ACL on 64 links is one group. */
struct fc_group {
	const struct fc_finding **v;   /* its findings, in report order */
	size_t n, cap;
	const char *ports;   /* the cause's device's ports on them, as ranges: "Ethernet1/1-64" */
};
struct fc_groups {
	struct fc_arena *a;
	struct fc_hmap *h;
	struct fc_group **g;
	size_t n;
};
/* false when out of memory (gs is then freed with fc_groups_free as usual). */
bool fc_groups_build(struct fc_groups *gs, const struct fc_finding *const *v, size_t n);
/* The group of f when it has two findings or more, else NULL. */
const struct fc_group *fc_group_of(const struct fc_groups *gs, const struct fc_finding *f);
void fc_groups_free(struct fc_groups *gs);
/* A group's headline: "ACL EDGE_IN (in) denies UDP 4791: 10 deny udp any any eq 4791, on 64 links
 * of leaf0048: Ethernet1/1-64", into buf. */
const char *fc_group_title(const struct fc_group *g, char *buf, size_t size);

extern const struct fc_reporter fc_reporter_text;
extern const struct fc_reporter fc_reporter_json;
extern const struct fc_reporter fc_reporter_junit;
extern const struct fc_reporter fc_reporter_sarif;
extern const struct fc_reporter fc_reporter_markdown;
extern const struct fc_reporter fc_reporter_csv;
extern const struct fc_reporter fc_reporter_prometheus;
extern const struct fc_reporter fc_reporter_html;
extern const struct fc_reporter fc_reporter_zabbix;

/* s as the text of a Markdown table cell: Markdown's punctuation backslash-escaped, HTML's as
 * entities, line breaks as spaces (markdown.c). False when the stream failed. */
bool fc_md_cell(FILE *out, const char *s);

/* Shared by reporters: rule ids in registry order, severity to SARIF level. */
const char *fc_sarif_level(enum fc_sev s);

#endif
