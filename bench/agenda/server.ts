/** The agenda section's app process (bench/lib/app-server.ts) with its data set and baseline. */
import { serveBench } from '../lib/app-server.ts';
import { agendaBenchRoutes } from './baseline.ts';
import { prepareAgendaData } from './setup.ts';

await serveBench({ prepare: prepareAgendaData, routes: agendaBenchRoutes });
