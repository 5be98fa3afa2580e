import { FRAMEWORK_GROUP_ID } from '../../legal/framework.js';

/** How a line opens a block of its own, read both where paragraphs are made and where blocks are emitted. */

/** A paragraph opening on a group's identifier: "GOVERN 1: …", "GV.OC: …". */
export const GROUP_LINE = new RegExp(String.raw`^(${FRAMEWORK_GROUP_ID})(?::|\s[–—-])\s*`);

/** A group named after its title: "Organizational Context (GV.OC): …". */
export const NAMED_GROUP = new RegExp(String.raw`^[A-Z][^():]{1,120}\((${FRAMEWORK_GROUP_ID})\):\s`);

/** A bullet and the space after it: a list item. */
export const BULLET = /^[•◦▪▫●○■□►▸‣⁃∙·]\s*/;

/** "2. Each Party …", "(a) …", "b) …": how a numbered paragraph or a point opens. */
export const PROVISION_OPENING = /^(?:\d{1,3}\.|\((?:[a-z]{1,4}|\d{1,3})\)|[a-z][.)])\s+\S/;
