// The provider simulation (server/test/ai-provider-simulation.ts) for the journeys: no model
// runs here, so the app server's AI gateway talks to this in-process OpenAI-wire service on
// loopback. It prints its base URL; playwright.config.ts hands it to support/start-server.mjs.
import { startProviderSimulation } from '../../server/test/ai-provider-simulation.ts';

const sim = await startProviderSimulation({ apiKey: 'sk-e2e-simulated' });
console.log(`ai provider at ${sim.baseUrl}`);

const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
