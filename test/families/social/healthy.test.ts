import { socialFamily } from '../../../src/families/social/index.js';
import { describeHealthyFamily } from '../../hardening/support/healthy-family-check.js';
import { healthy } from './healthy.js';

/** The healthy upstream the hardening suites use answers every endpoint's scenario with paid data. */
describeHealthyFamily(socialFamily, healthy);
