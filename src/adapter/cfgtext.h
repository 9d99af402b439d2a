/* SPDX-License-Identifier: MIT */
/* What switch configurations and outputs share whatever the OS: keywords known and deliberately
 * ignored, number sets, byte and time units, port speeds, interface ranges and lists, ACL entries
 * appended, port-channel membership. Each adapter keeps only its own syntax. */
#ifndef FC_CFGTEXT_H
#define FC_CFGTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

/* Whether the line s (len bytes, not NUL-terminated) starts with the words p ("ip verify" takes
 * "ip verify source" and "ip verify", not "ip verifyx"). */
bool fc_cfg_words_prefix(const char *s, size_t len, const char *p);
/* Whether it starts with one of list's (NULL-terminated), or is the negation of one ("no X",
 * "default X"): a statement that decides nothing, negated, decides nothing either. */
bool fc_cfg_in_list(const char *s, size_t len, const char *const *list);

/* Numbers 0..max into *mask from n words, each a number, a range "24-26" or a comma list of
 * them ("3,4", "24-26,46"; "0-7 8 9" over three words); false when a word is none of these, a range
 * runs backwards or there is no number. max at most 63. */
bool fc_num_set(char *const *w, size_t n, int64_t max, uint64_t *mask);

/* v in unit (bytes, kbytes, mbytes, gbytes: powers of 1,024, as switch OSes print them) into
 * *bytes; false for another unit or a result over 2^62. */
bool fc_unit_bytes(int64_t v, const char *unit, int64_t *bytes);
/* The same from two words of a configuration: a whole number up to 2^40, then its unit. */
bool fc_unit_bytes_words(const char *v, const char *unit, int64_t *bytes);
/* v in unit (microseconds, milliseconds, seconds) into *usec; false for another unit. */
bool fc_unit_usec(int64_t v, const char *unit, int64_t *usec);

/* A port speed as platforms print and configure it: "100 Gb/s", "25000 Mb/s", "100G", "a-100G"
 * (autonegotiated), "2.5G", "10M", "100gfull", "100g-4" (with *lanes), "1000" (Mb/s); up to 1.6
 * Tb/s. *lanes is 0 when the form gives none (lanes may be NULL). false for anything else
 * ("auto", "unconf", "N/A"). */
#define FC_SPEED_MAX_MBPS 1600000
bool fc_speed_parse(const char *s, int64_t *mbps, int64_t *lanes);

/* The interfaces an interface line or list names, canonical: items separated by commas, each a
 * name ("Ethernet1/1"), a range of its last number ("Ethernet1/1-4", "Ethernet1/49/1-4",
 * "Ethernet 1/17-1/32": the numeric path again before the last number), or, where the platform
 * takes one (bare), a number or range that takes the previous item's letters ("Ethernet1-4,6" on
 * EOS). canon writes the platform's one spelling of a name into buf (false: no interface name); a
 * name named twice is one port. At most FC_IFLIST_MAX ports, names under FC_IFLIST_NAME bytes. The
 * names are model strings (fc_model_str); *v is in the model's arena. false with *why (a static
 * text) when an item is not understood, or the list names more ports than that. */
#define FC_IFLIST_MAX 4096
#define FC_IFLIST_NAME 256
typedef bool fc_ifname_canon_fn(const char *in, size_t len, char *buf, size_t size);
bool fc_iflist(struct fc_model *m, const char *spec, fc_ifname_canon_fn *canon, bool bare, const char ***v, size_t *n,
	       const char **why);

/* Appends the ACL entry in words w (the syntax of src/adapter/ace.c) to acl, its text the line
 * text (tlen bytes) from loc; *understood false (nothing appended) when the entry is not understood.
 * FC_ERR_NOMEM. */
enum fc_rc fc_acl_append(struct fc_model *m, struct fc_acl *acl, char **w, size_t n, const char *text, size_t tlen,
			 struct fc_src loc, bool *understood);

/* "channel-group N [force] [mode active|passive|on]" (NX-OS, EOS): the port-channel's number; false
 * when the words are not that. */
bool fc_channel_group(char *const *w, size_t n, int64_t *num);

#endif
