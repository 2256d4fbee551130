// Loads every test module, runs them, and leaves the results for scripts/js-test.
import { run } from './harness.js';
import './patch.test.js';
import './store.test.js';
import './router.test.js';
import './actions.test.js';
import './roundtrip.test.js';
import './intents.test.js';
import './qr.test.js';
import './rewind.test.js';

window.__results = await run();
