/* SPDX-License-Identifier: MIT */
/* lldpcli's JSON, as lldpd prints it on a Linux host and in SONiC's lldp container: `-f json0`
 * (every value a list of objects, however many there are) and `-f json` (objects, a list only
 * where there are several), walked once for every interface that has a neighbour. */
#ifndef FC_LLDPCLI_H
#define FC_LLDPCLI_H

#include "doc/doc.h"

/* One interface's first neighbour. Strings point into the document. */
struct fc_lldpcli_nb {
	const char *ifname;        /* the local interface */
	const char *sysname;       /* the neighbour's System Name TLV; NULL when it sends none */
	const char *chassis_id;    /* its Chassis ID; NULL when absent */
	const char *port_id;       /* its Port ID (never NULL) */
	const char *port_id_type;  /* lldpd's word for the Port ID subtype (ifname, mac, local, ...); NULL when absent */
	unsigned line;             /* the interface's line in the document */
};

/* Calls each for every interface of the document, in its order, and stops at the first call that
 * does not return FC_OK (which it returns). FC_ERR_INPUT, with err naming d->file and the line,
 * for a document that is no lldpcli output, an interface without a name or port, or a neighbour
 * without a Port ID. {"lldp": [{}]} and {"lldp": {}}: no neighbour anywhere, no call. */
typedef enum fc_rc fc_lldpcli_fn(void *ctx, const struct fc_lldpcli_nb *nb);
enum fc_rc fc_lldpcli_walk(const struct doc *d, fc_lldpcli_fn *each, void *ctx, struct fc_err *err);

#endif
