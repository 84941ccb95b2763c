import type {AutomationService, ToolkitModule} from '@quantedge/schemas/types'
import type {SeedDocument} from '../types.ts'

const card =
  <T extends 'toolkitModule' | 'automationService'>(_type: T) =>
  (order: number, slug: string, name: string, description: string) => ({
    _id: `${_type}-${slug}`,
    _type,
    name,
    slug: {_type: 'slug' as const, current: slug},
    order,
    description,
  })

const toolkitModule = card('toolkitModule')
const automationService = card('automationService')

export const toolkitModules: SeedDocument<ToolkitModule>[] = [
  toolkitModule(
    1,
    'data-loader',
    'Data Loader',
    'Loads NSE and BSE candles, option chains and tick files from CSV, Parquet or broker APIs into clean, timezone-aware pandas frames, with gaps and corporate actions handled.',
  ),
  toolkitModule(
    2,
    'strategy-runner',
    'Strategy Runner',
    'Runs your entry and exit rules bar by bar with realistic fills, slippage, brokerage and STT, for equities, futures and multi-leg options strategies.',
  ),
  toolkitModule(
    3,
    'performance-analyzer',
    'Performance Analyzer',
    'Turns a trade log into CAGR, drawdown, Sharpe, Sortino, win rate, expectancy and monthly returns, with equity and underwater curves ready to plot.',
  ),
  toolkitModule(
    4,
    'parameter-optimizer',
    'Parameter Optimizer',
    'Searches parameter grids or random samples in parallel and ranks them by the metric you choose, with heatmaps that expose fragile, over-fitted settings.',
  ),
  toolkitModule(
    5,
    'walk-forward-tester',
    'Walk-forward Tester',
    'Splits history into rolling in-sample and out-of-sample windows, re-optimises on each and joins the out-of-sample results into one honest equity curve.',
  ),
  toolkitModule(
    6,
    'report-generator',
    'Report Generator',
    'Exports a shareable HTML or PDF report with charts, metrics, trade lists and the exact parameters used, so every backtest can be reviewed and reproduced.',
  ),
]

export const automationServices: SeedDocument<AutomationService>[] = [
  automationService(
    1,
    'strategy-backtesting-framework',
    'Strategy Backtesting Framework',
    'We build a backtesting framework around your Tradetron strategy idea, test it on historical data and walk you through the results before any capital is at risk.',
  ),
  automationService(
    2,
    'automated-strategy-development',
    'Automated Strategy Development',
    'We translate your rules into a Tradetron strategy with clean conditions, position sizing and exits, documented so you can follow and adjust every step.',
  ),
  automationService(
    3,
    'deployment-monitoring-support',
    'Deployment & Monitoring Support',
    'We deploy your strategy to paper trading and then live, set up notifications and review its first sessions with you so it behaves as designed.',
  ),
  automationService(
    4,
    'custom-risk-management-rules',
    'Custom Risk Management Rules',
    'We add stop-losses, trailing exits, daily loss caps, re-entry limits and timed square-offs tailored to your capital and your appetite for risk.',
  ),
  automationService(
    5,
    'multi-account-execution-setup',
    'Multi-Account Execution Setup',
    'We configure a strategy to run across several broker accounts or family portfolios with the right multipliers, so every account trades the same plan.',
  ),
  automationService(
    6,
    'trade-log-analyzer-insights',
    'Trade Log Analyzer & Insights',
    'We review your Tradetron trade logs, measure slippage, drawdowns and rule performance, and suggest concrete changes backed by your own data.',
  ),
]
