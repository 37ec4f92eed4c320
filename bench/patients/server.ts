/** The patients section's app process (bench/lib/app-server.ts) with its data set and baselines. */
import { serveBench } from '../lib/app-server.ts';
import { benchRoutes } from './baseline.ts';
import { prepareBenchData } from './setup.ts';

await serveBench({ prepare: prepareBenchData, routes: benchRoutes });
