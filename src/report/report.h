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
	/* --baseline-report: the not-passing findings by their state against the earlier report
	 * (enum fc_bstate), and those of the earlier report that pass or are gone now */
	const char *baseline_report;   /* its path; NULL: none given */
	size_t b_new, b_regressed, b_existing, b_resolved;
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
	const char *srcroot;  /* sarif, codequality, github: the repository's root, absolute, without a
			       * trailing slash; locations under it are written relative to it */
	const char *cwd;      /* the directory relative paths were opened from */
	bool passes;          /* sarif: passing and not-applicable results too */
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
	const struct fc_finding **v;      /* all n of them, in order (v[0..2]: the examples a report names) */
	size_t cap;
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

/* results.c: the results of the formats CI reads (SARIF, GitLab Code Quality, GitHub workflow
 * commands): the findings that need a look (not passing, not "not applicable"), folded as people
 * read them: a root cause on many links is one result (fc_groups), an UNKNOWN with one reason on
 * many subjects is one result (fc_folds). */
struct fc_result {
	const struct fc_finding *const *v;   /* its findings, n >= 1; v[0] gives rule, status, severity */
	size_t n;
	const struct fc_group *group;        /* a root cause's group, or NULL */
	bool fold;                           /* UNKNOWNs of one rule and reason */
	enum fc_bstate base;                 /* against --baseline-report: new over regressed over existing */
	char fp[17];                         /* stable fingerprint, 16 hex digits: rule and subject; a group's
					      * cause; a fold's reason. Not its line: an edit above it keeps it */
};
struct fc_results {
	const struct fc_finding **keep;      /* the findings kept, in report order */
	size_t nkeep, capkeep;
	struct fc_result *r;
	size_t n;
	struct fc_folds fs;
	struct fc_groups gs;
	bool oom;
};
/* f into rs when it needs a look (fc_result_wanted); false when out of memory. */
bool fc_results_keep(struct fc_results *rs, const struct fc_finding *f);
bool fc_result_wanted(const struct fc_finding *f);
/* The kept findings folded into rs->r; false when out of memory. */
bool fc_results_build(struct fc_results *rs);
void fc_results_free(struct fc_results *rs);
/* The result's message: the finding's "subject: message"; a group's headline and count; a fold's
 * reason, count and first subjects. Into buf. */
const char *fc_result_message(const struct fc_result *r, char *buf, size_t size);
/* The evidence a result points at: the first evidence with a file of its first finding, or NULL. */
const struct fc_evidence *fc_result_primary(const struct fc_result *r);
/* The fingerprints of d's lines not understood, d->nunparsed of them into fp (NULL when out of
 * memory; the caller frees it): the device, the file relative to the root, the line's text and
 * its occurrence in the file, never the line's number (a line added above keeps them). */
char (*fc_unparsed_fingerprints(const struct fc_report_run *run, const struct fc_device *d))[17];
/* A stable fingerprint of the parts (16 hex digits and a NUL into out): FNV-1a, 64 bits. */
void fc_fingerprint(char out[17], const char *const *parts, size_t n);
/* path as the repository names it: relative to run->srcroot when it lies under it ("dc1/leaf1.conf",
 * into buf), else NULL. A relative path is taken from run->cwd; "." and ".." are resolved by name. */
const char *fc_report_relpath(const struct fc_report_run *run, const char *path, char *buf, size_t size);

extern const struct fc_reporter fc_reporter_text;
extern const struct fc_reporter fc_reporter_json;
extern const struct fc_reporter fc_reporter_junit;
extern const struct fc_reporter fc_reporter_sarif;
extern const struct fc_reporter fc_reporter_markdown;
extern const struct fc_reporter fc_reporter_csv;
extern const struct fc_reporter fc_reporter_prometheus;
extern const struct fc_reporter fc_reporter_html;
extern const struct fc_reporter fc_reporter_zabbix;
extern const struct fc_reporter fc_reporter_codequality;
extern const struct fc_reporter fc_reporter_github;

/* s as the text of a Markdown table cell: Markdown's punctuation backslash-escaped, HTML's as
 * entities, line breaks as spaces (markdown.c). False when the stream failed. */
bool fc_md_cell(FILE *out, const char *s);

/* Shared by reporters: rule ids in registry order, severity to SARIF level. */
const char *fc_sarif_level(enum fc_sev s);

#endif
