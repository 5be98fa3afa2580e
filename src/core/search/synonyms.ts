/**
 * Everyday words people ask with, and the words legal and framework texts use for the same thing. Each group
 * is a set of equivalent names: a query naming one also searches the others, as a whole and at the synonym
 * weight (search.ts), through the same matcher as glossary names. General vocabulary, not any one document's.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['fine', 'penalty', 'administrative fine', 'sanction'],
  ['start to apply', 'apply from', 'enter into force', 'take effect', 'come into effect'],
  ['worker', 'employee', 'staff', 'workplace', 'employment'],
  ['employer', 'workplace', 'employment'],
  ['banned', 'prohibited', 'prohibition', 'forbidden', 'not allowed'],
  ['police', 'law enforcement'],
  ['facial recognition', 'remote biometric identification', 'biometric identification'],
  ['face', 'facial'],
  ['chatbot', 'bot', 'interact directly with natural persons'],
  ['deepfake', 'deep fake'],
  ['label', 'disclose', 'inform'],
  ['watermark', 'machine-readable format', 'detectable'],
  ['exempt', 'exemption', 'exception', 'derogation', 'does not apply'],
  ['complain', 'complaint', 'lodge a complaint'],
  ['guidance', 'guidelines'],
  ['hiring', 'recruitment', 'job applicant', 'selection of natural persons'],
  ['CV', 'curriculum vitae', 'recruitment'],
  ['credit scoring', 'creditworthiness', 'credit score'],
  ['school', 'education', 'educational institution'],
  ['exam', 'test', 'learning outcomes'],
  ['children', 'minors', 'age'],
  ['elderly', 'age'],
  ['SME', 'small and medium-sized enterprises', 'start-up'],
  ['compute', 'floating point operations', 'FLOP'],
  ['switch off', 'disengage', 'deactivate', 'supersede', 'turn off', 'kill switch'],
  ['retire', 'decommission', 'phase out'],
  ['vendor', 'third-party', 'supplier'],
  ['bias', 'fairness'],
  ['staff', 'personnel'],
  ['leadership', 'senior management', 'executive leadership', 'top management'],
  ['military', 'defence', 'national security'],
  ['crime', 'criminal offence'],
  ['explanation', 'explain'],
  ['footprint', 'environmental impact'],
  ['go ahead', 'proceed', 'deployment decision'],
  ['definition', 'define', 'meaning', 'counts as', 'in legal terms'],
  ['literate', 'literacy'],
  ['live', 'real-time'],
  ['public places', 'public spaces', 'publicly accessible spaces'],
  ['at work', 'workplace'],
  ['emotion recognition', 'infer emotions', 'identify emotions'],
  ['scope', 'applies to', 'does not apply'],
  ['outside', 'external'],
  ['tell', 'inform', 'notify'],
  ['overrule', 'override', 'disregard'],
  ['shut down', 'stop', 'interrupt', 'switch off', 'turn off', 'kill switch'],
  ['bring in', 'import', 'importer'],
  ['brand', 'trademark', 'name or trademark'],
  ['red-team', 'red teaming', 'adversarial testing'],
  ['get around', 'circumvent', 'evade', 'dodge'],
  ['results', 'output'],
  ['non-EU', 'third country', 'established outside the Union'],
  ['foreign', 'third country'],
  ['business ties', 'conflict of interest', 'independent'],
  ['does not meet', 'not in conformity', 'non-compliant'],
  ['fix', 'corrective action'],
  ['self-assess', 'self-assessment', 'internal control', 'ourselves'],
  ['oversee', 'overseen', 'oversight'],
  ['risk tolerance', 'risk appetite', 'willing to accept'],
  ['laws and regulations', 'legal and regulatory requirements', 'laws', 'legal requirements'],
  ['recall', 'withdraw', 'corrective action'],
  ['not high-risk', 'non-high-risk', 'misclassified'],
  ['train employees', 'train staff', 'staff training', 'employee training'],
  ['whistleblower', 'whistleblowing', 'blow the whistle', 'reporting of infringements'],
  ['very small company', 'microenterprise'],
  ['lighter', 'simplified'],
  ['photo', 'picture', 'image'],
  ['web', 'internet'],
  ['user manual', 'instructions for use'],
  ['knowledge limits', 'does not know', 'can not know', 'limits of what'],
  // Data protection as people ask about it, and the words data protection laws use. Names are matched by stems,
  // so none may stem like a common word of other texts: "regulator" is "regulation", "object" "objective".
  ['info', 'information'],
  ['personal info', 'personal details', 'personal data', 'personal information'],
  ['delete', 'erase', 'erasure', 'wipe', 'right to be forgotten'],
  ['what data they hold', 'what they have on me', 'copy of my data', 'subject access request', 'right of access'],
  ['correct my data', 'fix my data', 'wrong data', 'rectify', 'rectification', 'inaccurate'],
  ['take my data', 'move my data', 'export my data', 'data portability'],
  ['hack', 'leak', 'ransomware', 'cyberattack', 'personal data breach'],
  ['watchdog', 'privacy authority', 'supervisory authority', 'data protection authority'],
  ['newsletter', 'marketing emails', 'direct marketing'],
  ['opt out', 'unsubscribe', 'right to object'],
  ['opt in', 'permission', 'consent'],
  ['abroad', 'overseas', 'outside the EU', 'third country', 'international transfer'],
  ['how long', 'retention', 'storage period', 'period for which', 'stored'],
  ['medical records', 'medical data', 'health data', 'data concerning health'],
  ['fingerprint', 'biometric data'],
  ['CCTV', 'video surveillance', 'monitoring of a publicly accessible area'],
  ['cookies', 'online identifiers'],
  ['IP address', 'online identifier'],
  ['dead', 'deceased'],
  ['boss', 'employer'],
  ['kid', 'child', 'children'],
  ['sue', 'take to court', 'judicial remedy'],
  ['damages', 'compensation'],
  ['biggest', 'maximum', 'up to'],
];

/**
 * Abbreviations practitioners type for names the texts spell out. A content set's glossary, when it names one,
 * is the authority on it (search.ts leaves such groups out); a set without a glossary has no other way to read them.
 */
export const ABBREVIATIONS: readonly (readonly string[])[] = [
  ['GPAI', 'general-purpose AI', 'general-purpose AI model', 'general-purpose AI system'],
  ['FRIA', 'fundamental rights impact assessment'],
  ['DPIA', 'data protection impact assessment'],
  ['QMS', 'quality management system'],
  ['TEVV', 'test, evaluation, verification and validation'],
  ['RMF', 'risk management framework'],
  ['LLM', 'large language model'],
  ['GenAI', 'generative AI'],
  ['ML', 'machine learning'],
  ['PII', 'personal data', 'personally identifiable information'],
  ['GDPR', 'General Data Protection Regulation', 'Regulation (EU) 2016/679'],
  ['MSA', 'market surveillance authority'],
  ['NCA', 'national competent authority'],
];

/**
 * Words naming those a provision addresses. A title that narrows its topic to one of them ("Administrative fines
 * on Union institutions …") is the special rule, not the general one (search.ts, the addressee factor).
 */
export const ADDRESSEES: readonly string[] = [
  'provider', 'deployer', 'importer', 'distributor', 'operator', 'manufacturer', 'user', 'controller', 'processor',
  'undertaking', 'SME', 'institution', 'body', 'agency', 'authority', 'Union', 'Commission', 'Member State',
];

/**
 * The roles of operators a law places duties on, each its own: a provision naming only others is not addressed to
 * the one a question names (search.ts, the role factor).
 */
export const OPERATOR_ROLES: readonly string[] = ['provider', 'deployer', 'importer', 'distributor', 'manufacturer', 'controller', 'processor'];
