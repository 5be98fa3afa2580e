/** Varied governance questions, from one keyword to a sentence, some with punctuation users really type. */
export const GOVERNANCE_QUERIES = [
  'high-risk AI systems', 'prohibited practices', 'Article 5', 'human oversight', 'GPAI systemic risk',
  'fundamental rights impact assessment', 'FRIA', 'DPIA', 'data protection impact assessment', 'risk management system',
  'conformity assessment notified body', 'CE marking', 'post-market monitoring', 'serious incident reporting',
  'transparency obligations chatbots deepfakes', 'penalties fines', 'AI Office', 'regulatory sandbox',
  'NIST AI RMF govern map measure manage', 'trustworthy AI characteristics', 'generative AI profile risks',
  'ISO/IEC 42001 management system', 'Annex A controls', 'risk treatment', 'OECD AI principles',
  'UNESCO recommendation ethics', 'Council of Europe framework convention', 'Hiroshima code of conduct',
  'Bletchley declaration', 'AI Safety Institute', 'executive order 14110 revoked', 'OMB memorandum M-25-21',
  'algorithmic recommendation provisions China', 'deep synthesis labelling', 'Directive on Automated Decision-Making',
  'AI Verify', 'Brazil PL 2338/2023', 'model cards', 'datasheets for datasets', 'red teaming', 'AI incident database',
  'bias audit Local Law 144', 'automated decision-making Article 22', 'what must deployers of high-risk systems do?',
  'How do I document training data?', 'harmonised standards presumption of conformity', 'JTC 21',
  'accountability', 'explainability and interpretability', 'human-in-the-loop', 'when does the AI Act apply?',
  '10^25 FLOP', 'open-source exemption', 'codes of practice', 'incident response plan', 'third-party audit',
  'procurement of AI systems', 'AI literacy', 'biometric identification', 'emotion recognition workplace',
];

/** Questions about the law itself, the way people cite it, for the default service with the law indexed. */
export const LAW_QUERIES = [
  'Art. 5(1)(f) AI Act', 'Article 22 GDPR', 'Article 113', 'Annex III, point 4', 'what does Article 4a allow',
  'right to data portability', 'very large online platforms risk assessment', 'incident notification 24 hours NIS2',
  'cyber resilience act vulnerability reporting', 'data sharing obligations connected products',
  'quelles sont les pratiques interdites', 'droit à l’effacement', 'GOVERN 1.6',
];
